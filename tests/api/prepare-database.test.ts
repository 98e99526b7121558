import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { createUser } from '../helpers/factories';
import { prepareDatabase } from '../../api/src/db/prepare';
import { DEMO_ACCOUNTS } from '../../api/src/db/seed';
import { verifyPassword } from '../../api/src/core/password';

const ADMIN = { adminEmail: 'Owner@Example.test', adminPassword: 'owner-password-2026' };
let db: TestDatabase | null = null;
afterEach(async () => {
  await db?.close();
  db = null;
});

async function fresh(): Promise<TestDatabase> {
  db = await createTestDatabase();
  return db;
}
const emails = async (d: TestDatabase) =>
  ((await d.knex('users').select('email').orderBy('id')) as Array<{ email: string }>).map((r) => r.email);
const adminRow = (d: TestDatabase) =>
  d
    .knex('users')
    .whereRaw('lower(email) = ?', ['owner@example.test'])
    .first<{ role: string; is_admin: boolean; password_hash: string } | undefined>();

describe('prepareDatabase: the start-up sequence (migrate, demo seed, ADMIN_EMAIL)', () => {
  it('seeds and prints the demo accounts on an empty database even when ADMIN_EMAIL is set', async () => {
    const d = await fresh();
    const printed: string[] = [];
    const result = await prepareDatabase(d.knex, { seedDemo: true, ...ADMIN }, (l) => printed.push(l));
    expect(result.demoAccounts).toEqual(DEMO_ACCOUNTS);
    expect(result.admin).toEqual({ email: ADMIN.adminEmail, outcome: 'created' });
    const all = await emails(d);
    for (const a of DEMO_ACCOUNTS) expect(all).toContain(a.email);
    expect(all).toContain(ADMIN.adminEmail);
    const admin = await adminRow(d);
    expect(admin).toMatchObject({ role: 'admin', is_admin: true });
    expect(await verifyPassword(admin!.password_hash, ADMIN.adminPassword)).toBe(true);
    const out = printed.join('\n');
    expect(out).toContain(`Admin account ${ADMIN.adminEmail} created.`);
    expect(out).toContain('Demo accounts (embedded database only):');
    for (const a of DEMO_ACCOUNTS) expect(out).toContain(`${a.email.padEnd(26)} ${a.password}`);
  });

  it('seeds nothing on a second start or on a database that has users; the admin is updated', async () => {
    const d = await fresh();
    await prepareDatabase(d.knex, { seedDemo: true, ...ADMIN }, () => undefined);
    const before = await emails(d);
    const printed: string[] = [];
    const again = await prepareDatabase(d.knex, { seedDemo: true, ...ADMIN }, (l) => printed.push(l));
    expect(again).toEqual({ demoAccounts: [], admin: { email: ADMIN.adminEmail, outcome: 'updated' } });
    expect(await emails(d)).toEqual(before);
    expect(printed).toEqual([`Admin account ${ADMIN.adminEmail} updated.`]);

    const other = await fresh();
    const member = await createUser(other.knex, { role: 'basic' });
    const result = await prepareDatabase(other.knex, { seedDemo: true, ...ADMIN }, () => undefined);
    expect(result.demoAccounts).toEqual([]);
    expect(await emails(other)).toEqual([member.email, ADMIN.adminEmail]);
  });

  it('seeds no demo accounts when demo seeding is off, and creates only the admin', async () => {
    const d = await fresh();
    const result = await prepareDatabase(d.knex, { seedDemo: false, ...ADMIN }, () => undefined);
    expect(result.demoAccounts).toEqual([]);
    expect(await emails(d)).toEqual([ADMIN.adminEmail]);
  });

  it('seeds the demo accounts without ADMIN_EMAIL, and needs both admin variables to touch an admin', async () => {
    const d = await fresh();
    const result = await prepareDatabase(
      d.knex,
      { seedDemo: true, adminEmail: ADMIN.adminEmail, adminPassword: null },
      () => undefined,
    );
    expect(result).toEqual({ demoAccounts: DEMO_ACCOUNTS, admin: null });
    expect(await emails(d)).not.toContain(ADMIN.adminEmail);
  });
});
