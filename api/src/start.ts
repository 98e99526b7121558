/**
 * `npm start`: builds the web UI when it is missing or older than its sources (Vite, in a child
 * process), then runs the server in this process, so SIGTERM and Ctrl+C reach the server itself
 * and it shuts down gracefully (server.ts). With WEB_DIR set the build is the operator's.
 *
 * npm runs a script through `sh -c`, and a SIGTERM to npm is passed to that shell, which dies
 * without passing it on. So when the process that started us goes away, we stop as if we had
 * received SIGTERM: the server never outlives `npm start` (nor keeps the embedded database locked).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WEB_SOURCES, webBuildIsStale } from './web-build';

const root = fileURLToPath(new URL('../..', import.meta.url));

const parent = process.ppid;
const watchParent = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(watchParent);
  // A SIGTERM handler is there while the build runs and once the server is up; in between, stop
  // the way a SIGTERM would.
  if (process.listenerCount('SIGTERM') > 0) process.emit('SIGTERM', 'SIGTERM');
  else process.exit(143);
}, 250);
watchParent.unref();

/**
 * Builds the web UI with Vite in a child process (`vite build`, as `npm run build:web` does), never
 * in this one. Vite's build sets `NODE_ENV=production` in the process that runs it when it is
 * unset, and the server read afterwards in this process would then start in production mode (and
 * refuse to, without a SESSION_SECRET): the first `npm start` of a fresh clone failed that way.
 * Saving and restoring `NODE_ENV` around an in-process build would undo only the one change we
 * know of; a child process keeps everything the build does to its process (environment, globals,
 * its memory and handles) out of the server's, whatever a later Vite or plugin changes.
 */
function buildWebUi(): Promise<void> {
  const vite = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  const config = path.join(root, 'desktop', 'vite.config.ts');
  const child = spawn(process.execPath, [vite, 'build', '--config', config, '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  // Stopped while building: the build stops too, and so do we (there is no server to drain yet).
  const stop = (signal: NodeJS.Signals) => {
    child.kill(signal);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  return new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      if (code === 0) resolve();
      else reject(new Error(`The web UI did not build (vite build exited with ${signal ?? code}).`));
    });
  });
}

if (!process.env.WEB_DIR) {
  const webDir = path.join(root, 'desktop', 'dist', 'web');
  if (
    webBuildIsStale(
      webDir,
      WEB_SOURCES.map((source) => path.join(root, source)),
    )
  ) {
    console.log('Building the web UI...');
    try {
      await buildWebUi();
    } catch (err) {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    }
  }
}

await import('./server');
