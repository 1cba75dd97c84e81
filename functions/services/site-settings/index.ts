/** The site-settings feature as other modules see it: its verbs, and what lib/ offers other features (docs/architecture.md, "Layers"). */
export * from './clock';
export * from './gate';
export * from './lib/gate-access';
export * from './update';
