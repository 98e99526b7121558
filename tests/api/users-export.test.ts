import Papa from 'papaparse';
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTag, createUser, signIn } from '../helpers/factories';
import { countQueries } from '../helpers/users-admin';
import { EXPORT_BATCH_SIZE } from '../../api/src/features/users/export';

let t: TestApp;
let agent: supertest.Agent;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.knex, { role: 'admin' });
  adminId = admin.id;
  agent = await signIn(t.agent(), admin);
});
afterAll(async () => {
  await t.close();
});

/** GET /api/user/export as raw text (supertest does not buffer text/csv by itself). */
async function exportCsv(): Promise<{ res: supertest.Response; text: string }> {
  const res = await agent
    .get('/api/user/export')
    .buffer(true)
    .parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks).toString('utf8')));
    });
  return { res, text: res.body as string };
}

const rowsOf = (text: string) => Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

describe('GET /api/user/export (users.csv)', () => {
  it('downloads users.csv as an attachment with a header row and the total in X-Total-Count', async () => {
    const { res, text } = await exportCsv();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="users.csv"');
    const rows = rowsOf(text);
    expect(rows[0]).toEqual([
      'id',
      'fullName',
      'email',
      'role',
      'city',
      'state',
      'country',
      'phoneNumber',
      'stripeStatus',
      'stripeCustomerId',
      'alwaysGrantAccess',
      'createdAt',
      'Tags',
    ]);
    expect(Number(res.headers['x-total-count'])).toBe(rows.length - 1);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).not.toMatch(/argon2/);
    const audits = await t.knex('audit_log').where({ action: 'user.export' });
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor_id: adminId, details: { users: rows.length - 1 } });
  });

  it('writes one row per user with tags by name, in id order', async () => {
    const [b, a] = [await createTag(t.knex, 'Beta tag'), await createTag(t.knex, 'alpha tag')];
    const u = await createUser(t.knex, {
      fullName: 'Exported Person',
      city: 'Austin',
      stripeStatus: 'active',
      alwaysGrantAccess: true,
      createdAt: '2024-05-06T07:08:09.000Z',
      tags: [b.id, a.id],
    });
    const rows = rowsOf((await exportCsv()).text);
    const ids = rows.slice(1).map((r) => Number(r[0]));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(rows.find((r) => r[0] === String(u.id))).toEqual([
      String(u.id),
      'Exported Person',
      u.email,
      'basic',
      'Austin',
      '',
      '',
      '',
      'active',
      '',
      'true',
      '2024-05-06T07:08:09.000Z',
      'alpha tag;Beta tag',
    ]);
  });

  it.each([
    ['=', '=SUM(A1:A9)'],
    ['+', '+1 555 0100'],
    ['-', '-2+3'],
    ['@', '@cmd'],
    ['tab', '\tcalc'],
    ['carriage return', '\rcalc'],
    // NUL cannot be stored in PostgreSQL text; escapeCsvCell's unit test covers it.
  ])('escapes a cell starting with %s with a leading apostrophe', async (_name, value) => {
    const u = await createUser(t.knex, { fullName: value, city: 'Plain' });
    const row = rowsOf((await exportCsv()).text).find((r) => r[0] === String(u.id))!;
    expect(row[1]).toBe(`'${value}`);
    expect(row[4]).toBe('Plain');
  });

  it('quotes commas, quotes and line breaks as RFC 4180 says, with CRLF line ends', async () => {
    const u = await createUser(t.knex, { fullName: 'Lee, "Jr."', city: 'New\nYork' });
    const { text } = await exportCsv();
    expect(text).toContain(`${u.id},"Lee, ""Jr.""",${u.email},basic,"New\nYork",`);
    expect(text.endsWith('\r\n')).toBe(true);
    // Outside quoted fields every line break is CRLF.
    const outsideQuotes = text.replace(/"(?:[^"]|"")*"/g, '""');
    expect(outsideQuotes).not.toMatch(/[^\r]\n/);
  });

  it('streams a large table in batches: all rows, a few queries per thousand users', async () => {
    const rows = Array.from({ length: 2 * EXPORT_BATCH_SIZE + 345 }, (_, i) => ({
      full_name: `Bulk ${i}`,
      email: `bulk-export-${i}@example.test`,
      role: 'basic',
    }));
    for (let i = 0; i < rows.length; i += 500) await t.knex('users').insert(rows.slice(i, i + 500));
    const total = Number(((await t.knex('users').count('* as c').first()) as { c: number }).c);
    const { result, queries } = await countQueries(t.knex, exportCsv);
    const data = rowsOf(result.text).slice(1);
    expect(data).toHaveLength(total);
    expect(new Set(data.map((r) => r[2])).size).toBe(total);
    const selects = queries.filter((q) => /from users u where u.id > /.test(q));
    expect(selects.length).toBe(Math.ceil(total / EXPORT_BATCH_SIZE) + (total % EXPORT_BATCH_SIZE === 0 ? 1 : 0));
  });
});
