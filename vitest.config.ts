import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Server-side test files that mock modules (vi.mock): each runs in a fresh process. */
const ISOLATED = ['tests/api/auth-hardening-limits.test.ts'];
/** Tests beside a feature's commands: they open a database, so they run with the server's tests (both databases). */
const COMMAND_TESTS = 'api/src/features/*/commands/**/*.test.ts';
/** The renderer's platform module tested for real (every other renderer file gets its stand-in). */
const RENDERER_PLATFORM = 'desktop/src/renderer/platform/**/*.test.{ts,tsx}';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@shared': fileURLToPath(new URL('./shared/src', import.meta.url)) },
  },
  test: {
    environment: 'node',
    // One migrated template database per run; each test file copies it (tests/helpers/db.ts).
    globalSetup: ['tests/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        // Server and shared tests share their worker process from file to file (no re-import of the
        // API, no new PGlite WebAssembly compile per file): a file must leave process state (env,
        // globals) as it found it. Files that mock modules run isolated, below.
        extends: true,
        test: {
          name: 'server',
          include: ['tests/api/**/*.test.ts', COMMAND_TESTS],
          exclude: [...ISOLATED],
          isolate: false,
        },
      },
      {
        // Unit tests beside the API's modules (tools, pure helpers, adapters against local servers): no
        // database, so they run once, not again in CI's embedded-database run (tests/run-all.mjs).
        extends: true,
        test: { name: 'api-unit', include: ['api/src/**/*.test.ts'], exclude: [COMMAND_TESTS], isolate: false },
      },
      {
        // The shared contract's pure functions (policies, schemas, formulas): no database.
        extends: true,
        test: { name: 'shared', include: ['shared/src/**/*.test.ts'], isolate: false },
      },
      {
        extends: true,
        test: { name: 'isolated', include: [...ISOLATED] },
      },
      {
        // The renderer's screens and logic (jsdom): no database. Files share their worker's module cache
        // (isolate: false), as the server's do: a fresh module graph and React per file cost about 45% of
        // this project's CPU (measured: 371 -> 203 core-s, 199 -> 114 s wall alone). So every file sees the
        // same stand-in for the platform module (setup file), restores what it stubs (globals, timers,
        // window.portal) in afterEach, and must not rely on module state left by another file.
        extends: true,
        test: {
          name: 'desktop',
          include: ['desktop/src/renderer/**/*.test.{ts,tsx}'],
          exclude: [RENDERER_PLATFORM],
          isolate: false,
          setupFiles: ['desktop/src/renderer/test/shared-worker-setup.ts'],
        },
      },
      {
        // The desktop main/preload modules (mocked electron) and the renderer's real platform module: each
        // file in a fresh module graph.
        extends: true,
        test: {
          name: 'desktop-isolated',
          include: ['desktop/src/main/**/*.test.ts', 'desktop/src/preload/**/*.test.ts', RENDERER_PLATFORM],
        },
      },
    ],
    reporters: process.env.VITEST_JSON ? ['default', ['json', { outputFile: process.env.VITEST_JSON }]] : ['default'],
  },
});
