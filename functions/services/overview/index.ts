/** The admin overview as other modules see it: its verbs (docs/architecture.md, "Layers"). */
export * from './campaigns';
export * from './money';
export * from './overview';
