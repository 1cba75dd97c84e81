/** The films feature as other modules see it: its verbs, and what lib/ offers other features (docs/architecture.md, "Layers"). */
export * from './captions';
export * from './create';
export * from './lib/caption-tracks';
export * from './media';
export * from './read';
export * from './review';
export * from './update';
