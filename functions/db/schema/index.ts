export * from './auth';
export * from './creator-messages';
export * from './notifications';
export * from './profiles';
export * from './seed-runs';
export * from './short-urls';
export * from './site-settings';
export * from './user-roles';
