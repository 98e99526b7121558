// Architecture rules, checked by dependency-cruiser (`npm run depcheck`, run by CI).
// docs/architecture.md explains each rule; api/src/tools/depcheck.test.ts proves that each one fires.

const RENDERER = '^desktop/src/(renderer|web)/';

/** A feature's public entry: the one module of a feature that other parts of the API may import. */
const FEATURE_ENTRY = '^api/src/features/[^/]+/index\\.ts$';

/** The renderer's test helpers: render(), fixtures, the fake API servers (fake-*.ts). */
const TEST_CODE = '^desktop/src/renderer/test/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No import cycles anywhere: a cycle makes load order matter and ties modules that should change ' +
        'independently. Break it by moving the shared piece down a layer or by passing it in.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-stays-shared',
      severity: 'error',
      comment:
        'shared/ is the contract both sides import: it never imports the API or the desktop app ' +
        '(nor Node built-ins, Electron or a server/UI framework, so it runs in the browser and on the server).',
      from: { path: '^shared/src/' },
      to: {
        pathNot: '^shared/src/',
        path: ['^api/', '^desktop/', '^tests/', '^node_modules/(electron|koa|knex|objection|react|react-dom)/'],
      },
    },
    {
      name: 'shared-no-node-builtins',
      severity: 'error',
      comment: 'shared/ runs in the renderer too: no Node built-ins.',
      from: { path: '^shared/src/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'core-not-to-features',
      severity: 'error',
      comment:
        'api/src/core is the framework every feature builds on (errors, sessions, auth, validation, HTTP): ' +
        'it never imports a feature. A feature plugs itself in (app.ts wires routers), never the reverse.',
      from: { path: '^api/src/core/' },
      to: { path: '^api/src/features/' },
    },
    {
      name: 'adapters-not-to-features',
      severity: 'error',
      comment: 'api/src/adapters (mail, storage, Stripe, content feed) wrap outside services; features use them.',
      from: { path: '^api/src/adapters/' },
      to: { path: '^api/src/features/' },
    },
    {
      name: 'feature-not-to-feature-internals',
      severity: 'error',
      comment:
        'A feature uses another feature only through its public entry, api/src/features/<other>/index.ts ' +
        '(docs/architecture.md#feature-boundaries); its own files it imports freely.',
      from: { path: '^api/src/features/([^/]+)/' },
      to: {
        path: '^api/src/features/[^/]+/',
        pathNot: ['^api/src/features/$1/', FEATURE_ENTRY],
      },
    },
    {
      name: 'api-to-feature-entries',
      severity: 'error',
      comment:
        'Outside the features (app.ts, jobs.ts, server.ts, the seeds, the tools; core and adapters import none), ' +
        'the API imports a feature ' +
        'only through its public entry, api/src/features/<area>/index.ts (docs/architecture.md#feature-boundaries).',
      from: { path: '^api/src/', pathNot: ['^api/src/(features|core|adapters)/', '\\.test\\.ts$'] },
      to: { path: '^api/src/features/', pathNot: [FEATURE_ENTRY] },
    },
    {
      name: 'board-and-live-through-index',
      severity: 'error',
      comment:
        'The API tests use the board and the live events through their public entry (api/src/features/board/index.ts, ' +
        "api/src/features/live/index.ts), as other features do (feature-not-to-feature-internals); the commands' own " +
        'tests sit beside them inside the feature (docs/areas/board.md, "Layout").',
      from: { path: '^tests/' },
      to: {
        path: '^api/src/features/(?:board|live)/',
        pathNot: ['^api/src/features/(?:board|live)/index\\.ts$'],
      },
    },
    {
      name: 'api-not-to-desktop',
      severity: 'error',
      comment: 'The API never imports the desktop app or the renderer; they meet through shared/ and HTTP.',
      from: { path: '^api/' },
      to: { path: '^desktop/' },
    },
    {
      name: 'desktop-not-to-api',
      severity: 'error',
      comment: 'The desktop app and the renderer talk to the API over HTTP only; they never import api/.',
      from: { path: '^desktop/' },
      to: { path: '^api/' },
    },
    {
      name: 'renderer-no-node-builtins',
      severity: 'error',
      comment:
        'The renderer runs sandboxed without Node: no Node built-ins (node:fs, path, ...). ' +
        'Native work goes through window.portal (the preload bridge).',
      from: { path: RENDERER },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'renderer-no-electron',
      severity: 'error',
      comment:
        'The renderer never imports Electron, nor the main or preload code (the bridge contract is ' +
        'desktop/src/shared-ipc, types only).',
      from: { path: RENDERER },
      to: { path: ['^node_modules/electron/', '^desktop/src/(main|preload)/'] },
    },
    {
      name: 'renderer-no-server-packages',
      severity: 'error',
      comment: 'The renderer never bundles server code (Koa, knex, Objection, pg, PGlite, nodemailer, Stripe SDK).',
      from: { path: RENDERER },
      to: {
        path: '^node_modules/(koa|@koa/[^/]+|knex|knex-pglite|objection|pg|@electric-sql/pglite|nodemailer|stripe|@node-rs/argon2)/',
      },
    },
    {
      name: 'renderer-generic-not-to-app',
      severity: 'error',
      comment:
        'Generic renderer code (components/, lib/, platform/) knows nothing of the app: it never imports ' +
        'app/ (store, API slice, listeners) or a feature. The app and the features import it, never the reverse.',
      from: { path: '^desktop/src/renderer/(components|lib|platform)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^desktop/src/renderer/(app|features)/' },
    },
    {
      name: 'production-not-to-test-code',
      severity: 'error',
      comment:
        "Test code (tests/, and the renderer's test helpers and fake servers in desktop/src/renderer/test/, " +
        'named fake-*.ts) is never imported by production code, so it never reaches a bundle or the server. ' +
        'Only test files (*.test.ts, *.test.tsx) and the test folders themselves import it.',
      from: { path: '^(api|shared|desktop)/', pathNot: ['\\.test\\.tsx?$', TEST_CODE] },
      to: { path: ['^tests/', TEST_CODE] },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'Every import resolves (so no rule above can miss an import it could not follow).',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.tsbuild/', '^desktop/dist/'] },
    // type-only imports count too: `shared` may not even name a type from `api`.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
