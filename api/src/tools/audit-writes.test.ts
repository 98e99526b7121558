import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './route-table';

/**
 * `audit_log` is written only by api/src/core/audit.ts (`audit()`, `auditMany()`; docs/areas/audit.md):
 * one place decides the row's shape, and every entry is written in the transaction of its change. Any
 * other file of the API that inserts into the table (raw SQL, a knex builder, the model) fails here.
 * The migrations create the table and are left out; reading the table (the Audit log screen) is fine.
 */
const WRITER = 'api/src/core/audit.ts';
const WRITES = [
  /insert\s+into\s+audit_log\b/i,
  /\(\s*['"`]audit_log['"`]\s*\)\s*\.\s*(insert|update|del|delete)\b/,
  /\bAuditLogEntry\s*\.\s*query\([^)]*\)\s*\.\s*(insert|patch|update|delete)/,
];

function apiSources(): string[] {
  return execFileSync('git', ['ls-files', 'api/src'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((f) => /\.ts$/.test(f) && !f.endsWith('.test.ts') && !f.startsWith('api/src/db/migrations/'));
}

describe('audit rows are written only through core/audit.ts', () => {
  it('no other API module inserts into audit_log', () => {
    const offenders = apiSources()
      .filter((f) => f !== WRITER && fs.existsSync(path.join(ROOT, f)))
      .filter((f) => {
        const text = fs.readFileSync(path.join(ROOT, f), 'utf8');
        return WRITES.some((re) => re.test(text));
      });
    expect(offenders).toEqual([]);
  });

  it('recognises the ways a row could be written', () => {
    const samples = [
      "await trx.raw('insert into audit_log (actor_id) values (?)', [1]);",
      "await trx('audit_log').insert({ actor_id: 1 });",
      'await AuditLogEntry.query(trx).insert({ actorId: 1 });',
    ];
    for (const s of samples)
      expect(
        WRITES.some((re) => re.test(s)),
        s,
      ).toBe(true);
    expect(WRITES.some((re) => re.test("await db('audit_log as a').select('a.id');"))).toBe(false);
  });
});
