/**
 * `npm run bench [-- name ...]`: runs every tests/bench/*.bench.ts (or the named ones) one after
 * another, each in its own process, and prints their figures. Benchmarks are not tests: they
 * print numbers and never fail on a time.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const wanted = process.argv.slice(2);
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)))
  .sort();
if (files.length === 0) {
  console.error(`no benchmark matches ${wanted.join(', ')}`);
  process.exit(1);
}
let failed = 0;
for (const f of files) {
  console.log(`\n=== ${f}`);
  const r = spawnSync(
    process.execPath,
    [path.join(dir, '..', '..', 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(dir, f)],
    {
      stdio: 'inherit',
    },
  );
  if (r.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
