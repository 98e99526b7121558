import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WEB_SOURCES, webBuildIsStale } from './web-build';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A source tree and a web build, with each file's modification time set (seconds since 1970). */
function tree(files: Record<string, number>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-webbuild-'));
  dirs.push(root);
  for (const [rel, mtime] of Object.entries(files)) {
    const file = path.join(root, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, rel);
    fs.utimesSync(file, mtime, mtime);
  }
  return root;
}

describe('webBuildIsStale (npm start builds the web UI only when needed)', () => {
  const sources = (root: string) => ['src', 'shared', 'vite.config.ts'].map((s) => path.join(root, s));

  it('builds when there is no build yet', () => {
    const root = tree({ 'src/app.tsx': 1000 });
    expect(webBuildIsStale(path.join(root, 'web'), sources(root))).toBe(true);
  });

  it('does not build when the build is newer than every source', () => {
    const root = tree({ 'src/a/b/app.tsx': 1000, 'shared/x.ts': 1000, 'vite.config.ts': 1000, 'web/index.html': 2000 });
    expect(webBuildIsStale(path.join(root, 'web'), sources(root))).toBe(false);
  });

  it('builds again when any source, however deep, is newer than the build', () => {
    const root = tree({ 'src/a/b/app.tsx': 3000, 'shared/x.ts': 1000, 'web/index.html': 2000 });
    expect(webBuildIsStale(path.join(root, 'web'), sources(root))).toBe(true);
    const config = tree({ 'src/app.tsx': 1000, 'vite.config.ts': 3000, 'web/index.html': 2000 });
    expect(webBuildIsStale(path.join(config, 'web'), sources(config))).toBe(true);
  });

  it('ignores node_modules and dist inside the sources, and sources that do not exist', () => {
    const root = tree({
      'src/app.tsx': 1000,
      'src/node_modules/x.js': 9000,
      'src/dist/y.js': 9000,
      'web/index.html': 2000,
    });
    expect(webBuildIsStale(path.join(root, 'web'), [...sources(root), path.join(root, 'missing')])).toBe(false);
  });

  it('watches the renderer, the shared code, the Vite config and the lockfile', () => {
    expect(WEB_SOURCES).toEqual(
      expect.arrayContaining(['desktop/src/renderer', 'shared/src', 'desktop/vite.config.ts', 'package-lock.json']),
    );
  });
});
