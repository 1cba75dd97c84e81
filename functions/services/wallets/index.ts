/** The wallets feature as other modules see it: its verbs, and what lib/ offers other features (docs/architecture.md, "Layers"). */
export * from './issue-nonce';
export * from './lib/errors';
export * from './link';
export * from './list';
export * from './unlink';
