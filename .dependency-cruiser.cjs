/**
 * `npm run check` fails on an import cycle in functions/ or src/, type-only imports included
 * (docs/architecture.md, "Layers"). Layer rules (what domain/ and services/ may import) are in
 * tests/unit/module-boundaries.test.ts.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: two modules that need each other belong together, or one needs an interface module.',
      from: { path: '^(functions|src)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.astro|\\.wrangler)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
