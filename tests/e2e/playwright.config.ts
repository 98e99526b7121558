import path from 'node:path';
import { defineConfig } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT || 4321);

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts$/,
  // Browser benchmarks (tagged @bench) print figures and run from `npm run bench` (tests/bench/board-ui.bench.ts),
  // not with the tests.
  grepInvert: process.env.E2E_BENCH === '1' ? undefined : /@bench/,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: process.env.E2E_ARTIFACTS ? path.join(process.env.E2E_ARTIFACTS, 'test-results') : '../../test-results',
  globalSetup: './global-setup.ts',
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
