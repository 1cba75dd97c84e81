/** The projects feature as other modules see it: its verbs (docs/architecture.md, "Layers"). */
export * from './browse';
export * from './edit';
export type { ProjectCard } from './internal/cards';
export * from './mine';
export * from './post';
export * from './poster';
export * from './read';
