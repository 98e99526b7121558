import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Server-side test files that mock modules (vi.mock): each runs in a fresh process. */
const ISOLATED = ['tests/api/auth-hardening-limits.test.ts'];

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
          include: ['tests/api/**/*.test.ts'],
          exclude: [...ISOLATED],
          isolate: false,
        },
      },
      {
        // Unit tests beside the API's modules (tools, pure helpers, adapters against local servers): no
        // database, so they run once, not again in CI's embedded-database run (tests/run-all.mjs).
        extends: true,
        test: { name: 'api-unit', include: ['api/src/**/*.test.ts'], isolate: false },
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
        // The desktop main/preload modules and the renderer (jsdom, mocked modules): no database.
        extends: true,
        test: { name: 'desktop', include: ['desktop/src/**/*.test.{ts,tsx}'] },
      },
    ],
    reporters: process.env.VITEST_JSON ? ['default', ['json', { outputFile: process.env.VITEST_JSON }]] : ['default'],
  },
});
