import fs from 'node:fs/promises';
import path from 'node:path';
import type { Middleware } from 'koa';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

export interface ServeWebOptions {
  /** Serve the build's `.map` files (source maps). Off in production: they would publish the source. */
  sourceMaps: boolean;
}

/**
 * Serves the built web UI from `dir`: files by path (hashed assets cached for a year), and
 * index.html for page routes only, i.e. GETs of extension-less paths outside `/assets/` that are
 * not API or upload paths (client-side routes). A missing file (`/assets/x.js`, `/favicon.ico`)
 * is a 404, never index.html with 200, so a stale or mistyped asset URL fails loudly.
 */
export function serveWeb(dir: string, options: ServeWebOptions): Middleware {
  const root = path.resolve(dir);
  return async (ctx, next) => {
    if (
      (ctx.method !== 'GET' && ctx.method !== 'HEAD') ||
      ctx.path.startsWith('/api/') ||
      ctx.path.startsWith('/uploads/')
    ) {
      await next();
      return;
    }
    let rel: string;
    try {
      rel = decodeURIComponent(ctx.path);
    } catch {
      ctx.status = 400;
      return;
    }
    if (rel.includes('\0')) {
      ctx.status = 400;
      return;
    }
    const file = path.resolve(root, '.' + rel);
    const inside = file === root || file.startsWith(root + path.sep);
    const isFileRequest = path.extname(rel) !== '' || rel.startsWith('/assets/');
    if (isFileRequest && (!inside || (!options.sourceMaps && path.extname(rel).toLowerCase() === '.map'))) {
      ctx.status = 404;
      return;
    }
    const target = isFileRequest ? file : path.join(root, 'index.html');
    let body: Buffer | null = null;
    try {
      body = await fs.readFile(target);
    } catch {
      /* missing (or a directory): below */
    }
    if (body) {
      ctx.type = TYPES[path.extname(target)] ?? 'application/octet-stream';
      ctx.set(
        'Cache-Control',
        target.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      ctx.body = body;
      return;
    }
    if (isFileRequest) {
      ctx.status = 404;
      return;
    }
    ctx.type = 'text/html; charset=utf-8';
    ctx.body =
      '<!doctype html><title>Portal</title><p>The web UI is not built yet. Run <code>npm run build:web</code> (npm start does it for you).</p>';
  };
}
