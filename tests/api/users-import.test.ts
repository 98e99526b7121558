import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTag, createUser, signIn } from '../helpers/factories';
import { countQueries, injectFault, usersTableHash, xlsxOf } from '../helpers/users-admin';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const hex = () => crypto.randomBytes(5).toString('hex');
const uniqueEmail = (prefix = 'u') => `${prefix}-${hex()}@example.test`;
async function admin() {
  const user = await createUser(t.knex, { role: 'admin' });
  return { user, agent: await signIn(t.agent(), user) };
}
const byEmail = (email: string) =>
  t.knex('users').whereRaw('lower(email) = ?', [email.toLowerCase()]).first() as Promise<
    | (Record<string, unknown> & { id: number; full_name: string; role: string; password_hash: string | null })
    | undefined
  >;
const tagNamesOf = async (id: number) =>
  (
    (await t
      .knex('user_tags as ut')
      .join('tags as t', 't.id', 'ut.tag_id')
      .where('ut.user_id', id)
      .orderBy('t.name')) as Array<{
      name: string;
    }>
  ).map((r) => r.name);

async function importFile(
  agent: Awaited<ReturnType<typeof admin>>['agent'],
  content: string | Buffer,
  name = 'users.csv',
) {
  return agent.post('/api/user/import').attach('file', Buffer.isBuffer(content) ? content : Buffer.from(content), name);
}

describe('POST /api/user/import: CSV', () => {
  it('creates new users and updates existing ones by email, adding tags, and says Users imported successfully', async () => {
    const { user: me, agent } = await admin();
    const vip = await createTag(t.knex, `VIP ${hex()}`);
    const extra = await createTag(t.knex, `Extra ${hex()}`);
    const existing = await createUser(t.knex, { role: 'basic', fullName: 'Old Name', city: 'Reno' });
    const fresh = uniqueEmail('new');
    const csv = [
      'email,fullName,role,city,state,country,phoneNumber,Tags',
      `${fresh},Nina New,premium,Austin,TX,USA,555-0101,${vip.name.toLowerCase()};${extra.name}`,
      `${existing.email.toUpperCase()},Better Name,,,NV,,,${vip.name}`,
    ].join('\n');
    const res = await importFile(agent, csv);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      message: 'Users imported successfully',
      created: 1,
      updated: 1,
      unchanged: 0,
      skipped: 0,
    });
    const created = (await byEmail(fresh))!;
    expect(created).toMatchObject({
      full_name: 'Nina New',
      role: 'premium',
      city: 'Austin',
      phone_number: '555-0101',
      password_hash: null,
    });
    expect(await tagNamesOf(created.id)).toEqual([extra.name, vip.name].sort());
    const updated = (await byEmail(existing.email))!;
    // Empty cells keep the current value; the stored email keeps its case.
    expect(updated).toMatchObject({
      full_name: 'Better Name',
      role: 'basic',
      city: 'Reno',
      state: 'NV',
      email: existing.email,
    });
    expect(await tagNamesOf(existing.id)).toEqual([vip.name]);
    expect(await t.knex('audit_log').where({ actor_id: me.id }).whereLike('action', 'user.import.%')).toHaveLength(2);
  });

  it('parses quoted commas, quotes and newlines, and skips rows with an empty first column', async () => {
    const { agent } = await admin();
    const [a, b] = [uniqueEmail('q'), uniqueEmail('q')];
    const csv = `email,fullName,city\r\n${a},"Lee, Jr. ""The Seller""","New\nYork"\r\n,Nobody,Nowhere\r\n"",Empty,Quoted\r\n${b},Bo,Oslo\r\n`;
    const res = await importFile(agent, csv);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ created: 2, skipped: 2 });
    expect(await byEmail(a)).toMatchObject({ full_name: 'Lee, Jr. "The Seller"', city: 'New\nYork' });
    expect(await byEmail(b)).toMatchObject({ full_name: 'Bo' });
  });

  it('reads a file without a header row in the documented column order, and strips a UTF-8 BOM', async () => {
    const { agent } = await admin();
    const a = uniqueEmail('nohead');
    const res = await importFile(agent, `\uFEFF${a},José Núñez,course only,Lima\n`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await byEmail(a)).toMatchObject({ full_name: 'José Núñez', role: 'course only', city: 'Lima' });
  });

  it('changes nothing when the same file is imported again (idempotent)', async () => {
    const { agent } = await admin();
    const tag = await createTag(t.knex, `Again ${hex()}`);
    const csv = `email,fullName,role,Tags\n${uniqueEmail('r')},Rita,premium,${tag.name}\n${uniqueEmail('r')},Rob,basic,\n`;
    expect((await importFile(agent, csv)).body).toMatchObject({ created: 2, updated: 0, unchanged: 0 });
    const before = await usersTableHash(t.knex);
    const again = await importFile(agent, csv);
    expect(again.body).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    expect(await usersTableHash(t.knex)).toBe(before);
  });

  it('re-imports an exported users.csv without changing anything, formula-escaped cells included', async () => {
    const { agent } = await admin();
    const tag = await createTag(t.knex, `Round ${hex()}`);
    await createUser(t.knex, { fullName: '=HYPERLINK("x")', city: '-5', phoneNumber: '+1 555', tags: [tag.id] });
    const exported = await agent
      .get('/api/user/export')
      .buffer(true)
      .parse((res, cb) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () => cb(null, text));
      });
    expect(exported.body as string).toContain(`"'=HYPERLINK(""x"")"`);
    const before = await usersTableHash(t.knex);
    const res = await importFile(agent, exported.body as string, 'users.csv');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ created: 0, updated: 0 });
    expect(await usersTableHash(t.knex)).toBe(before);
  });

  it('reports emails repeated in the file whatever their case, and imports nothing', async () => {
    const { agent } = await admin();
    const a = uniqueEmail('Dup');
    const before = await usersTableHash(t.knex);
    const res = await importFile(agent, `email,fullName\n${a},One\n${uniqueEmail()},Two\n${a.toUpperCase()},Three\n`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      `The file was not imported. Row 4: ${a.toUpperCase()} repeats the email of row 2 (emails are not case-sensitive).`,
    );
    expect(await usersTableHash(t.knex)).toBe(before);
  });

  it('refuses the whole file for bad rows, listing each by row, and changes nothing', async () => {
    const { agent } = await admin();
    const existingAdmin = await createUser(t.knex, { role: 'admin' });
    const member = await createUser(t.knex, { role: 'basic' });
    const before = await usersTableHash(t.knex);
    const csv = [
      'email,fullName,role,Tags',
      `not-an-email,Bad,basic,`,
      `${uniqueEmail()},,basic,`,
      `${uniqueEmail()},Who,emperor,`,
      `${uniqueEmail()},Tagged,basic,No Such Tag ${hex()}`,
      `${existingAdmin.email},Admin,basic,`,
      `${member.email},Member,admin,`,
      `${uniqueEmail()},Fine,basic,`,
    ].join('\n');
    const res = await importFile(agent, csv);
    expect(res.status).toBe(400);
    const message: string = res.body.error.message;
    expect(message).toMatch(/^The file was not imported\. /);
    for (const row of [2, 3, 4, 5, 6, 7]) expect(message).toContain(`Row ${row}:`);
    expect(message).not.toContain('Row 8:');
    expect(await usersTableHash(t.knex)).toBe(before);
  });

  it('changes no row at all when the database fails at row k (one transaction)', async () => {
    const { agent } = await admin();
    const existing = await createUser(t.knex, { fullName: 'Keep Me' });
    const emails = Array.from({ length: 6 }, () => uniqueEmail('k'));
    const before = await usersTableHash(t.knex);
    const remove = await injectFault(t.knex, 'users', 'email', emails[4]!);
    try {
      const csv = `email,fullName\n${existing.email},Changed\n${emails.map((e, i) => `${e},Person ${i}`).join('\n')}\n`;
      const res = await importFile(agent, csv);
      expect(res.status).toBe(500);
    } finally {
      await remove();
    }
    expect(await usersTableHash(t.knex)).toBe(before);
  });

  it('runs the same number of queries for 3 and for 300 rows', async () => {
    const { agent } = await admin();
    const tag = await createTag(t.knex, `Bulk ${hex()}`);
    const csvOf = (n: number) =>
      `email,fullName,Tags\n${Array.from({ length: n }, (_, i) => `${uniqueEmail('n')},Person ${i},${tag.name}`).join('\n')}\n`;
    const small = await countQueries(t.knex, () => importFile(agent, csvOf(3)));
    const large = await countQueries(t.knex, () => importFile(agent, csvOf(300)));
    expect(large.result.body.created).toBe(300);
    expect(large.queries.length).toBe(small.queries.length);
  });
});

describe('POST /api/user/import: spreadsheets, sizes and types', () => {
  it('imports an .xlsx spreadsheet, numbers included', async () => {
    const { agent } = await admin();
    const a = uniqueEmail('x');
    const file = xlsxOf([
      ['Email', 'Full Name', 'Role', 'Phone'],
      [a, 'Sheet Person', 'premium', 5550102],
      [null, 'Skipped', 'basic', null],
    ]);
    const res = await importFile(agent, file, 'people.xlsx');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ created: 1, skipped: 1 });
    expect(await byEmail(a)).toMatchObject({ full_name: 'Sheet Person', role: 'premium', phone_number: '5550102' });
  });

  it('answers 413 above the size limit and imports nothing', async () => {
    const { agent } = await admin();
    const before = await usersTableHash(t.knex);
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 'a');
    const res = await importFile(agent, big, 'big.csv');
    expect(res.status).toBe(413);
    expect(await usersTableHash(t.knex)).toBe(before);
  });

  it('answers 415 for a wrong type: an image named .csv, an old .xls, a .pdf, a non-multipart body', async () => {
    const { agent } = await admin();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect((await importFile(agent, png, 'users.csv')).status).toBe(415);
    expect((await importFile(agent, Buffer.from('d0cf11e0a1b11ae1', 'hex'), 'users.xls')).status).toBe(415);
    expect((await importFile(agent, 'email\nx@y.z\n', 'users.pdf')).status).toBe(415);
    expect((await importFile(agent, 'email\nx@y.z\n', 'users.xlsx')).status).toBe(415);
    const json = await agent.post('/api/user/import').send({ file: 'email\nx@y.z' });
    expect(json.status).toBe(415);
    expect(json.body.error.message).toBe('Upload a CSV file (UTF-8) or an Excel spreadsheet (.xlsx).');
  });

  it('answers 400 for no file, an empty file, a broken spreadsheet or a broken quote', async () => {
    const { agent } = await admin();
    const none = await agent.post('/api/user/import').field('other', 'x');
    expect(none.status).toBe(400);
    expect((await importFile(agent, 'email,fullName\n', 'empty.csv')).body.error.message).toBe(
      'The file has no users to import.',
    );
    const broken = Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(100, 1)]);
    expect((await importFile(agent, broken, 'broken.xlsx')).status).toBe(400);
    const quote = await importFile(agent, `email,fullName\n${uniqueEmail()},"Unclosed\n`);
    expect(quote.status).toBe(400);
    expect(quote.body.error.message).toMatch(/^The CSV file could not be read/);
  });
});
