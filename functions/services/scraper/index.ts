/** The film importer as other modules see it: its verb (docs/film-import.md). */
export * from './import';
