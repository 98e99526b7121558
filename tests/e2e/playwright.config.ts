import path from 'node:path';
import { defineConfig } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT || 4321);

function notTagged(tags: string[]): RegExp | undefined {
  return tags.length === 0 ? undefined : new RegExp(tags.join('|'));
}

/**
 * With TEST_SCOPE=database (CI's second run, on the embedded database) only these specs run, with the
 * axe pass: the flows where the database matters most (sessions, the board's locked transactions).
 * Every spec runs in the first run, on PostgreSQL.
 */
export const SMOKE_SPECS = ['auth', 'board'];

export default defineConfig({
  testDir: '.',
  testMatch:
    process.env.TEST_SCOPE === 'database'
      ? new RegExp(`(^|/)(${[...SMOKE_SPECS, 'a11y'].join('|')})\\.spec\\.ts$`)
      : /.*\.spec\.ts$/,
  // Browser benchmarks (tagged @bench) print figures and run from `npm run bench` (tests/bench/board-ui.bench.ts),
  // not with the tests. E2E_SKIP_A11Y=1 leaves out the axe pass (tagged @a11y): it reads screens only, so
  // CI runs it once, in its second run (TEST_SCOPE=database), where it balances the two runs.
  grepInvert: notTagged([
    ...(process.env.E2E_BENCH === '1' ? [] : ['@bench']),
    // The screenshots of docs/screens/ (tests/e2e/screens.spec.ts) are taken by `npm run screens`.
    ...(process.env.E2E_SCREENS === '1' ? [] : ['@screens']),
    ...(process.env.E2E_SKIP_A11Y === '1' ? ['@a11y'] : []),
  ]),
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
    // A trace records every action's DOM snapshot and screencast frames: about a quarter of the
    // browser part's CPU (measured, docs/contributing.md). Kept locally for failures; off in CI,
    // where nobody opens the clone's trace files (a failure's message and screenshot stay).
    // E2E_TRACE=retain-on-failure (or on/off) overrides.
    trace:
      (process.env.E2E_TRACE as 'on' | 'off' | 'retain-on-failure' | undefined) ??
      (process.env.CI ? 'off' : 'retain-on-failure'),
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
