/** The marketplace feature as other modules see it: its verbs (docs/architecture.md, "Layers"). */
export * from './agree';
export * from './browse';
export * from './collaboration';
export * from './edit';
export type { ListingCard } from './internal/cards';
export * from './listing';
export * from './mine';
export * from './post';
export * from './request';
export * from './respond';
export * from './status';
