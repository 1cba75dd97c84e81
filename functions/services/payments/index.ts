/** The payments feature as other modules see it: its verbs, and what lib/ offers other features (docs/architecture.md, "Layers"). */
export * from './campaign-checkout';
export * from './lib/backers';
export * from './lib/credit-payment';
export * from './lib/events';
export * from './lib/funding';
export * from './lib/receipt-mail';
