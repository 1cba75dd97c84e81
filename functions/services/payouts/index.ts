/** The payouts feature as other modules see it: its verbs, and what lib/ offers other features (docs/architecture.md, "Layers"). */
export * from './accounts';
export * from './lib/events';
export * from './lib/stripe-accounts';
export * from './process';
export * from './refresh';
export * from './retry';
export * from './views';
