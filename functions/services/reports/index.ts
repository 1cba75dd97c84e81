/** The reports feature as other modules see it: its verbs (docs/reports.md). */
export * from './dismiss';
export * from './hidden-list';
export * from './hide';
export * from './review-queue';
export * from './submit';
