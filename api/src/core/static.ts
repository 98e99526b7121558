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

/**
 * Serves the built web UI from `dir`: files by path (hashed assets cached for a year), and
 * index.html for every other GET that is not an API or upload path (client-side routes).
 */
export function serveWeb(dir: string): Middleware {
  const root = path.resolve(dir);
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/') || ctx.path.startsWith('/uploads/')) {
      return next();
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
    const candidates = inside && path.extname(file) ? [file] : [];
    candidates.push(path.join(root, 'index.html'));
    for (const candidate of candidates) {
      try {
        const body = await fs.readFile(candidate);
        const ext = path.extname(candidate);
        ctx.type = TYPES[ext] ?? 'application/octet-stream';
        ctx.set(
          'Cache-Control',
          candidate.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        ctx.body = body;
        return;
      } catch {
        /* try the next candidate */
      }
    }
    if (path.extname(rel)) {
      ctx.status = 404;
      return;
    }
    ctx.type = 'text/html; charset=utf-8';
    ctx.body =
      '<!doctype html><title>Portal</title><p>The web UI is not built yet. Run <code>npm run build:web</code> (npm start does it for you).</p>';
  };
}
