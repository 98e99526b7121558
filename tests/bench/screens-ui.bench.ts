/**
 * Insights and the Audit log in Chromium: time from navigation to content, printed by the
 * Playwright spec tagged @bench (tests/e2e/screens-ui.spec.ts), on a fresh API and database with the
 * demo data, as the end-to-end tests use. Builds the web UI first when a source is newer than the
 * last build (as tests/bench/board-ui.bench.ts).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { WEB_SOURCES, webBuildIsStale } from '../../api/src/web-build';

const root = path.resolve(import.meta.dirname, '..', '..');
const inherit = { cwd: root, stdio: 'inherit' as const };
if (
  webBuildIsStale(
    path.join(root, 'desktop', 'dist', 'web'),
    WEB_SOURCES.map((s) => path.join(root, s)),
  )
) {
  if (spawnSync('npm', ['run', '--silent', 'build:web'], inherit).status !== 0) process.exit(1);
}
const r = spawnSync(
  path.join(root, 'node_modules', '.bin', 'playwright'),
  [
    'test',
    '--config',
    'tests/e2e/playwright.config.ts',
    'tests/e2e/screens-ui.spec.ts',
    '--grep',
    '@bench',
    '--reporter',
    'list',
  ],
  { ...inherit, env: { ...process.env, E2E_BENCH: '1' } },
);
process.exit(r.status ?? 1);
