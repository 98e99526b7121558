/**
 * `npm start`: builds the web UI when it is missing or older than its sources (Vite, in this
 * process), then runs the server in this same process, so SIGTERM and Ctrl+C reach the server
 * itself and it shuts down gracefully (server.ts). With WEB_DIR set the build is the operator's.
 *
 * npm runs a script through `sh -c`, and a SIGTERM to npm is passed to that shell, which dies
 * without passing it on. So when the process that started us goes away, we stop as if we had
 * received SIGTERM: the server never outlives `npm start` (nor keeps the embedded database locked).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WEB_SOURCES, webBuildIsStale } from './web-build';

const root = fileURLToPath(new URL('../..', import.meta.url));

if (!process.env.WEB_DIR) {
  const webDir = path.join(root, 'desktop', 'dist', 'web');
  if (
    webBuildIsStale(
      webDir,
      WEB_SOURCES.map((source) => path.join(root, source)),
    )
  ) {
    console.log('Building the web UI...');
    const { build } = await import('vite');
    await build({ configFile: path.join(root, 'desktop', 'vite.config.ts'), logLevel: 'warn' });
  }
}

const parent = process.ppid;
const watchParent = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(watchParent);
  // Once the server is up it has a SIGTERM handler; before that, stop the way a SIGTERM would.
  if (process.listenerCount('SIGTERM') > 0) process.emit('SIGTERM', 'SIGTERM');
  else process.exit(143);
}, 250);
watchParent.unref();

await import('./server');
