import fs from 'node:fs';
import path from 'node:path';

/** What the web UI is built from, relative to the repository root. */
export const WEB_SOURCES = [
  'desktop/src/renderer',
  'desktop/src/web',
  'desktop/src/shared-ipc',
  'shared/src',
  'desktop/vite.config.ts',
  'package-lock.json',
];

/** The newest modification time of a file under `entry` (a file or a directory), 0 when missing. */
function newestMtime(entry: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of fs.readdirSync(entry)) {
    if (name === 'node_modules' || name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

/** True when `webDir` has no index.html, or a source is newer than it. */
export function webBuildIsStale(webDir: string, sources: readonly string[]): boolean {
  let builtAt: number;
  try {
    builtAt = fs.statSync(path.join(webDir, 'index.html')).mtimeMs;
  } catch {
    return true;
  }
  return sources.some((source) => newestMtime(source) > builtAt);
}
