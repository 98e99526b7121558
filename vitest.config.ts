import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@shared': fileURLToPath(new URL('./shared/src', import.meta.url)) },
  },
  test: {
    include: [
      'shared/src/**/*.test.ts',
      'api/src/**/*.test.ts',
      'tests/api/**/*.test.ts',
      'desktop/src/**/*.test.{ts,tsx}',
    ],
    environment: 'node',
    // One migrated template database per run; each test file copies it (tests/helpers/db.ts).
    globalSetup: ['tests/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: process.env.VITEST_JSON ? ['default', ['json', { outputFile: process.env.VITEST_JSON }]] : ['default'],
  },
});
