/** The short-links feature as other modules see it: its verbs, and what lib/ offers other features (docs/architecture.md, "Layers"). */
export * from './create';
export * from './resolve';
export * from './share';
