/** The uploads feature as other modules see it: its verbs, and what lib/ offers other features (docs/architecture.md, "Layers"). */
export * from './abort';
export * from './cleanup';
export * from './complete';
export * from './create';
export * from './lib/poster-store';
export * from './poster';
export * from './put-part';
export * from './read';
