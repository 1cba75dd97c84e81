/** The admin overview as other modules see it: its verb (docs/architecture.md, "Layers"). */
export * from './overview';
