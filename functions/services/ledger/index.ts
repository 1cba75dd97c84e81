/** The ledger feature as other modules see it: its verbs, and what lib/ offers other features (docs/architecture.md, "Layers"). */
export * from './check';
export * from './lib/disputes';
export * from './lib/escrow';
export * from './lib/post';
export * from './lib/refunds-summary';
export * from './lib/totals';
