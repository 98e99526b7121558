import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './route-table';

/**
 * Numbers are read from text in one place: `decimal()` (and `integer()`, `id()` built on it) of
 * shared/src/schemas/fields.ts, which takes decimal notation only. A schema that called
 * `yup.number()` itself would read `?value=0x10` as 16 again (yup casts text with `Number`).
 */
describe('every schema reads numbers through decimal()', () => {
  const dir = path.join(ROOT, 'shared', 'src', 'schemas');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'fields.ts');

  it('no schema file but fields.ts calls yup.number()', () => {
    expect(files.length).toBeGreaterThan(10);
    const offenders = files.filter((f) => /\.number\s*\(/.test(fs.readFileSync(path.join(dir, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
