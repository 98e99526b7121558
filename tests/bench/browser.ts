/**
 * The browser benchmarks' runner: builds the web UI first when a source is newer than the last
 * build, then runs one Playwright spec's tests tagged @bench (E2E_BENCH=1) on a fresh API and
 * database, as the end-to-end tests use. The spec prints the figures. Exits with its status.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { WEB_SOURCES, webBuildIsStale } from '../../api/src/web-build';

export function runBrowserBench(spec: string): never {
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
    ['test', '--config', 'tests/e2e/playwright.config.ts', spec, '--grep', '@bench', '--reporter', 'list'],
    { ...inherit, env: { ...process.env, E2E_BENCH: '1' } },
  );
  process.exit(r.status ?? 1);
}
