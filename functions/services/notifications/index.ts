/** The notifications feature as other modules see it: its verbs, and what lib/ offers other features (docs/architecture.md, "Layers"). */

export * from './lib/backers';
export * from './lib/notify';
export * from './list';
export * from './mark-read';
export * from './summary';
