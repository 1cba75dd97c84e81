/** The creator dashboard's overview as other modules see it (docs/architecture.md, "Layers"). */
export * from './overview';
