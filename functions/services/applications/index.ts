/** The applications feature as other modules see it: its verbs (docs/architecture.md, "Layers"). */
export * from './approve';
export * from './mine';
export * from './reject';
export * from './review-queue';
export * from './sign-up';
export * from './submit';
