/** The milestones feature as other modules see it: its verbs, and what lib/ offers other features (docs/architecture.md, "Layers"). */
export * from './closing-release';
export * from './expired-votes';
export * from './lib/crossing';
export * from './view';
export * from './vote';
