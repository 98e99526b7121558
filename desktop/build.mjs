#!/usr/bin/env node
/**
 * Bundles the Electron main process and the preload script (TypeScript) into CommonJS files:
 *   desktop/dist/main/main.cjs        (loaded by Electron: package.json "main")
 *   desktop/dist/preload/preload.cjs  (sandboxed preload: one file, only `electron` is required)
 *   desktop/dist/package.json         (the packaged app's manifest, for electron-builder)
 * The renderer is built separately by Vite into desktop/dist/web (npm run build:web).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const desktop = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(desktop, '..');
const production = process.env.NODE_ENV === 'production';

/** @type {import('esbuild').BuildOptions} */
const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  external: ['electron'],
  alias: { '@shared': path.join(root, 'shared', 'src') },
  sourcemap: production ? false : 'linked',
  minify: production,
  legalComments: 'none',
  logLevel: 'warning',
};

await Promise.all([
  build({
    ...common,
    entryPoints: [path.join(desktop, 'src', 'main', 'main.ts')],
    outfile: path.join(desktop, 'dist', 'main', 'main.cjs'),
  }),
  build({
    ...common,
    entryPoints: [path.join(desktop, 'src', 'preload', 'preload.ts')],
    outfile: path.join(desktop, 'dist', 'preload', 'preload.cjs'),
  }),
]);

// A sandboxed preload may only require 'electron': fail the build if the bundle needs anything else.
const preload = fs.readFileSync(path.join(desktop, 'dist', 'preload', 'preload.cjs'), 'utf8');
const required = [...preload.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]);
const extra = required.filter((name) => name !== 'electron');
if (extra.length) {
  console.error(`preload.cjs requires ${extra.join(', ')}; a sandboxed preload may only require electron`);
  process.exit(1);
}
// The packaged app's own package.json (electron-builder.yml: directories.app = desktop/dist):
// no dependencies, so nothing from node_modules is packaged.
const rootPackage = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const appPackage = {
  name: rootPackage.name,
  productName: 'Rainmakers Portal',
  version: rootPackage.version,
  description: rootPackage.description,
  author: 'Rainmakers <support@example.com>',
  license: 'UNLICENSED',
  private: true,
  main: 'main/main.cjs',
};
fs.writeFileSync(path.join(desktop, 'dist', 'package.json'), `${JSON.stringify(appPackage, null, 2)}\n`);

if (!fs.existsSync(path.join(desktop, 'dist', 'web', 'index.html'))) {
  console.warn('desktop/dist/web/index.html is missing: run `npm run build:web` (npm run build:desktop does both).');
}
console.log('built desktop/dist/main/main.cjs, desktop/dist/preload/preload.cjs and desktop/dist/package.json');
