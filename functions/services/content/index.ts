/** The content feature as other modules see it: its verbs (docs/content.md). */
export * from './editor';
export * from './home-pin';
export * from './image-hosts';
export * from './lib/image-hosts';
export * from './publish';
export * from './read';
export * from './save-draft';
