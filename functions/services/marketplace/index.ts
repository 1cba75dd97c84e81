/** The marketplace feature as other modules see it: its verbs (docs/architecture.md, "Layers"). */
export * from './browse';
export * from './edit';
export type { ListingCard } from './internal/cards';
export * from './listing';
export * from './mine';
export * from './post';
export * from './status';
