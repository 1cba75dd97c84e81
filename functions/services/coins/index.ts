/** The coins feature as other modules see it: its verbs, and what lib/ offers other features (docs/architecture.md, "Layers"). */
export * from './analytics';
export * from './collect-notices';
export * from './deploy';
export * from './faucet';
export * from './film-coin';
export * from './holdings';
export * from './index-events';
export * from './lib/deployable';
export * from './lib/index-reads';
export * from './lib/indexer';
export * from './lib/record';
export * from './list';
export * from './member-coins';
