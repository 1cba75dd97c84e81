/** The people feature as other modules see it: the admin's verbs on accounts (docs/admin-tools.md). */
export * from './detail';
export * from './grant-role';
export * from './list';
export * from './note';
export * from './revoke-role';
export * from './search';
export * from './suspend';
