/** The messages feature as other modules see it: its verbs, and what lib/ offers other features (docs/architecture.md, "Layers"). */
export * from './conversations';
export * from './lib/errors';
export * from './lib/may-write';
export * from './lib/send';
export * from './mark-read';
export * from './mark-thread-read';
export * from './post';
export * from './thread';
