/** The insights feature as other modules see it: its verbs, and what lib/ offers other features (docs/architecture.md, "Layers"). */
export * from './analytics';
export * from './breakdown';
export * from './creator-campaigns';
export * from './film-campaign';
export * from './lib/daily';
export * from './live-figures';
export * from './statement';
