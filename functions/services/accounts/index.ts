/** The accounts feature as other modules see it: its verbs, and what lib/ offers other features (docs/architecture.md, "Layers"). */
export * from './avatar';
export * from './coin-holder-name';
export * from './ensure-user';
export * from './sign-out-everywhere';
export * from './update-profile';
