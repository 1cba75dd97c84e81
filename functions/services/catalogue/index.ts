/** The catalogue feature as other modules see it: its verbs, and what lib/ offers other features (docs/architecture.md, "Layers"). */
export * from './browse';
export * from './film';
export * from './home';
export * from './lib/cards';
export * from './lib/film-access';
export * from './lib/popularity';
export * from './media';
export * from './search';
export * from './search-campaigns';
