#!/usr/bin/env node
/**
 * `npm test`: the whole suite. Unit and API tests (vitest) against a real database — a fresh
 * PostgreSQL database per test file when TEST_DATABASE_URL or DATABASE_URL names a server, else a
 * fresh embedded PGlite — and, at the same time, the Playwright specs in Chromium against the built
 * web UI (built only when a source is newer than the last build) and a real API on its own database.
 * The two parts overlap because the browser part mostly waits (it used about 0.6 of a core here);
 * Playwright's log is printed after vitest's, and each part's wall time is printed.
 * Ends with one line `N passed, M failed[, K skipped]` and exits non-zero on any failure.
 *   SKIP_E2E=1 npm test             # vitest only
 *   TEST_SCOPE=database npm test    # only what depends on the database (CI's second run, see below)
 * TEST_SCOPE=database runs the vitest projects that open a database (server, isolated: the API, its
 * services and the db layer) and, of the browser specs, the smoke specs (SMOKE_SPECS in
 * tests/e2e/playwright.config.ts) and the axe pass; the shared unit tests, the renderer and desktop
 * main-process tests and the other browser specs do not depend on which database runs, and CI runs
 * them once, in its first (PostgreSQL) run.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
// Run with `node --import tsx` (package.json), so the server's own staleness rule is used.
import { WEB_SOURCES, webBuildIsStale } from '../api/src/web-build.ts';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const results = path.join(root, 'tests', '.results');
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
/** Runs a command in the background; resolves with its exit status. `log`: a file for its output. */
const start = (cmd, args, env = {}, log = null) =>
  new Promise((resolve) => {
    const out = log ? fs.openSync(log, 'w') : 'inherit';
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', out, out], env: { ...process.env, ...env } });
    child.on('exit', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

const DATABASE_ONLY = process.env.TEST_SCOPE === 'database';
if (process.env.TEST_SCOPE && !DATABASE_ONLY) {
  console.error(`TEST_SCOPE=${process.env.TEST_SCOPE}: unknown (use TEST_SCOPE=database, or leave it unset for all)`);
  process.exit(2);
}
if (DATABASE_ONLY)
  console.log('TEST_SCOPE=database: the tests that depend on the database, and the smoke and axe specs');
const totals = { passed: 0, failed: 0, skipped: 0 };
const runStart = Date.now();
/** Each part's wall time, printed at the end. */
const times = [];
const problems = [];

// 1. vitest: shared, API, desktop main/preload and renderer unit tests.
const vitestJson = path.join(results, 'vitest.json');
async function vitestPart() {
  const since = Date.now();
  const projects = DATABASE_ONLY ? ['--project', 'server', '--project', 'isolated'] : [];
  const vitestStatus = await start(bin('vitest'), ['run', ...projects], { VITEST_JSON: vitestJson });
  times.push(`vitest ${seconds(since)}`);
  console.log(`vitest took ${seconds(since)}`);
  if (fs.existsSync(vitestJson)) {
    const r = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
    totals.passed += r.numPassedTests ?? 0;
    totals.failed += r.numFailedTests ?? 0;
    totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    if (vitestStatus !== 0 && (r.numFailedTests ?? 0) === 0) {
      totals.failed += 1;
      problems.push(`vitest exited with ${vitestStatus} (a test file failed to load or run)`);
    }
  } else {
    totals.failed += 1;
    problems.push('vitest produced no report');
  }
}

// 2. Playwright in Chromium against the built web UI and a real API (log kept until vitest is done).
const e2eLog = path.join(results, 'playwright.log');
async function e2ePart() {
  const since = Date.now();
  const stale = webBuildIsStale(
    path.join(root, 'desktop', 'dist', 'web'),
    WEB_SOURCES.map((s) => path.join(root, s)),
  );
  if (stale && (await start('npm', ['run', '--silent', 'build:web'], {}, path.join(results, 'build-web.log'))) !== 0) {
    totals.failed += 1;
    problems.push(`the web UI did not build (${path.join(results, 'build-web.log')})`);
    return;
  }
  const pwJson = path.join(results, 'playwright.json');
  const pwStatus = await start(
    bin('playwright'),
    ['test', '--config', 'tests/e2e/playwright.config.ts'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson },
    e2eLog,
  );
  times.push(`Playwright ${seconds(since)}${stale ? ' with the web build' : ''}`);
  const took = `Playwright took ${seconds(since)}${stale ? ' (with the web build)' : ' (web build reused)'}`;
  if (fs.existsSync(pwJson)) {
    const s = JSON.parse(fs.readFileSync(pwJson, 'utf8')).stats ?? {};
    totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
    totals.failed += s.unexpected ?? 0;
    totals.skipped += s.skipped ?? 0;
    if (pwStatus !== 0 && (s.unexpected ?? 0) === 0) {
      totals.failed += 1;
      problems.push(`playwright exited with ${pwStatus}`);
    }
  } else {
    totals.failed += 1;
    problems.push('playwright produced no report');
  }
  return took;
}

const e2e = process.env.SKIP_E2E === '1' ? Promise.resolve(null) : e2ePart();
await vitestPart();
const e2eTook = await e2e;
if (fs.existsSync(e2eLog)) {
  console.log('\n== Playwright (ran alongside vitest)');
  process.stdout.write(fs.readFileSync(e2eLog, 'utf8'));
}
if (e2eTook) console.log(e2eTook);

// The Electron end-to-end run needs Electron's binary, which cannot be downloaded on every machine.
const electronBinary = path.join(root, 'node_modules', 'electron', 'dist');
if (!fs.existsSync(electronBinary)) {
  console.log(
    'Electron end-to-end: NOT RUN (no Electron binary installed here; the main and preload modules ran as unit tests).',
  );
} else if (process.env.SKIP_E2E === '1') {
  console.log('Electron end-to-end: NOT RUN (SKIP_E2E=1).');
} else {
  // tests/e2e-electron: the packaged-to-be app (main, preload, web build) in Electron itself.
  const headless = process.platform === 'linux' && !process.env.DISPLAY;
  const xvfb = headless && spawnSync('which', ['xvfb-run']).status === 0;
  if (headless && !xvfb) {
    console.log('Electron end-to-end: NOT RUN (no display and no xvfb-run on this Linux machine).');
  } else if (run('node', ['desktop/build.mjs']) !== 0) {
    totals.failed += 1;
    problems.push('the desktop main/preload bundles did not build');
  } else {
    const elJson = path.join(results, 'electron.json');
    const args = ['test', '--config', 'tests/e2e-electron/playwright.config.ts'];
    const elStatus = xvfb
      ? run('xvfb-run', ['-a', bin('playwright'), ...args], { PLAYWRIGHT_JSON_OUTPUT_NAME: elJson })
      : run(bin('playwright'), args, { PLAYWRIGHT_JSON_OUTPUT_NAME: elJson });
    const s = fs.existsSync(elJson) ? (JSON.parse(fs.readFileSync(elJson, 'utf8')).stats ?? {}) : null;
    if (!s) {
      totals.failed += 1;
      problems.push('the Electron end-to-end run produced no report');
    } else {
      totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
      totals.failed += s.unexpected ?? 0;
      totals.skipped += s.skipped ?? 0;
      if (elStatus !== 0 && (s.unexpected ?? 0) === 0) {
        totals.failed += 1;
        problems.push(`the Electron end-to-end run exited with ${elStatus}`);
      }
    }
  }
}
for (const p of problems) console.log(`problem: ${p}`);
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(
  `wall time: ${[...times, `in all ${seconds(runStart)}`].join(', ')} (vitest and Playwright run side by side)`,
);
console.log(`${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 ? 1 : 0);
