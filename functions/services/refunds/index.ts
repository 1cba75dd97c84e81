/** The refunds feature as other modules see it: its verbs, and what lib/ offers other features (docs/architecture.md, "Layers"). */
export * from './after-campaign-change';
export * from './cancelled';
export * from './lib/stripe-events';
