/**
 * Electron end-to-end run (the desktop app itself). It needs Electron's binary, which cannot be
 * downloaded on every machine: tests/run-all.mjs runs this config only when
 * node_modules/electron/dist exists, and says plainly when it did not run. The Chromium run
 * (tests/e2e/playwright.config.ts) never picks these specs up: its testDir is tests/e2e.
 * It reuses the web e2e global setup: a real API with demo data on E2E_PORT.
 */
import path from 'node:path';
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.electron\.ts$/,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  outputDir: path.join(import.meta.dirname, '..', '..', 'test-results', 'electron'),
  globalSetup: '../e2e/global-setup.ts',
  reporter: [['list'], ['json']],
});
