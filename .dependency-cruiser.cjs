// The import graph's rules (docs/decisions/029), checked by `npm run lint`:
//   npx depcruise --config .dependency-cruiser.cjs <the folders in package.json's lint:imports>
// No import circle anywhere, and the server's layers point one way, from top to bottom:
//   composition  app.ts, main.ts, config.ts, demo/, the ops command lines
//   modules      modules/<domain>/ (one module uses another through its service.ts: biome.json)
//   context      context.ts, the AppContext the modules are registered with
//   infrastructure  everything else: auth/, http/, mail/, jobs/, notify/, storage/,
//                integrations/, errors.ts and the other shared hooks
//   foundation   db/, i18n/, logging.ts
// A layer imports its own and the ones below it, never one above. Tests may import
// anything (they set up state through a module's files); circles count in tests too.
// Type-only imports count: a type imported back forms a circle all the same.

const server = (path) => `^apps/server/src/${path}`;

const layers = {
  composition: [
    server('(app|main|config)\\.ts$'),
    server('demo/'),
    server('ops/(cli|backup-cli|restore-cli|verify-log-cli)\\.ts$'),
  ],
  modules: [server('modules/')],
  context: [server('context\\.ts$')],
  foundation: [server('(db|i18n)/'), server('logging\\.ts$')],
};
const tests = '\\.test\\.ts$';

/** A rule that `from` (tests aside) imports nothing of `above`. */
function below(name, comment, from, above) {
  return { name, comment, severity: 'error', from: { ...from, pathNot: [...(from.pathNot ?? []), tests] }, to: above };
}

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'Two modules import each other, directly or round a longer loop. Break it: a shared type in a module of its own, ' +
        'what loads the parts apart from the parts, a dependency passed in rather than imported (docs/decisions/029).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    below(
      'server-foundation-imports-nothing-above',
      'db/, i18n/ and logging.ts are the bottom layer of the server: they import nothing else of it.',
      { path: layers.foundation },
      { path: server(''), pathNot: layers.foundation },
    ),
    below(
      'server-infrastructure-below-context',
      'auth/, http/, mail/, jobs/, notify/, storage/ and the other shared code sit below context.ts, the modules and ' +
        'app.ts: take what they need as a parameter (a type of their own, a function passed in), not from above.',
      {
        path: server(''),
        pathNot: [...layers.composition, ...layers.modules, ...layers.context, ...layers.foundation],
      },
      { path: [...layers.context, ...layers.modules, ...layers.composition] },
    ),
    below(
      'server-context-below-modules',
      'context.ts names what the modules are given; it imports no module and nothing of app.ts.',
      { path: layers.context },
      { path: [...layers.modules, ...layers.composition] },
    ),
    below(
      'server-modules-below-composition',
      'A module is registered by app.ts and imports nothing of it, of main.ts, config.ts, demo/ or the command lines.',
      { path: layers.modules },
      { path: layers.composition },
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // `import type` is an edge of the graph too (see above).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // @brigade/core resolves through its package.json `exports` ("./*": "./src/*.ts").
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
