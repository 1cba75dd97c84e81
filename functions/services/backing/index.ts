/** The backer's side as other modules see it: its verbs (docs/backing.md; docs/architecture.md, "Layers"). */

export * from './follow';
export * from './followed';
export * from './guest';
export * from './my-backing';
export * from './receipt';
export * from './statement';
export * from './tell-backers';
export * from './tell-ending';
