import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

// A small web build: index.html, a hashed script with its source map, and a favicon.
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
fs.mkdirSync(path.join(webDir, 'assets'));
fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
fs.writeFileSync(
  path.join(webDir, 'assets', 'index-abc123.js'),
  'console.log(1);\n//# sourceMappingURL=index-abc123.js.map',
);
fs.writeFileSync(path.join(webDir, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["secret.ts"]}');
fs.writeFileSync(path.join(webDir, 'favicon.ico'), Buffer.from([0, 0, 1, 0]));

let dev: TestApp;
let prod: TestApp;
beforeAll(async () => {
  dev = await createTestApp({ WEB_DIR: webDir });
  prod = await createTestApp({ WEB_DIR: webDir, NODE_ENV: 'production', SESSION_SECRET: 'p'.repeat(40) });
});
afterAll(async () => {
  await dev.close();
  await prod.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('the built web UI', () => {
  it.each([
    ['development', () => dev],
    ['production', () => prod],
  ])('%s: page routes get index.html, existing assets are served', async (_mode, app) => {
    for (const page of ['/', '/courses', '/course/amazon-fba/12', '/reset-password/abc']) {
      const res = await app().request().get(page);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.text).toContain('<div id="root">');
    }
    const js = await app().request().get('/assets/index-abc123.js');
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app().request().get('/favicon.ico')).status).toBe(200);
  });

  it.each([
    ['development', () => dev],
    ['production', () => prod],
  ])('%s: a missing file is a 404, never index.html', async (_mode, app) => {
    for (const missing of [
      '/assets/index-old999.js',
      '/assets/index-old999.css',
      '/assets/no-extension',
      '/assets/',
      '/robots.txt',
      '/logo.png',
    ]) {
      const res = await app().request().get(missing);
      expect(res.status, missing).toBe(404);
      expect(res.text ?? '', missing).not.toContain('<div id="root">');
    }
  });

  it('serves source maps outside production only', async () => {
    const devMap = await dev.request().get('/assets/index-abc123.js.map');
    expect(devMap.status).toBe(200);
    expect(devMap.text).toContain('secret.ts');
    for (const url of ['/assets/index-abc123.js.map', '/assets/INDEX-ABC123.JS.MAP', '/assets/missing.js.map']) {
      const res = await prod.request().get(url);
      expect(res.status, url).toBe(404);
      expect(res.text ?? '').not.toContain('secret.ts');
    }
  });
});
