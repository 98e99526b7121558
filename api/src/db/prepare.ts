import type { Knex } from 'knex';
import type { Config } from '../config';
import { migrateLatest } from './migrate';
import { ensureAdmin, seedDemo, type DemoAccount } from './seed';

export interface PreparedDatabase {
  /** The demo accounts seeded now ([] when the database had users or demo seeding is off). */
  demoAccounts: readonly DemoAccount[];
  /** What happened to ADMIN_EMAIL's account, when ADMIN_EMAIL and ADMIN_PASSWORD are set. */
  admin: { email: string; outcome: 'created' | 'updated' } | null;
}

/**
 * The start-up sequence of the database: migrate, seed the demo content when asked and the
 * database has no users, then make sure ADMIN_EMAIL's account exists. Seeding is decided BEFORE
 * that admin is created, so `ADMIN_EMAIL=... npm start` on a fresh DATA_DIR still gets (and
 * prints) the demo accounts. Prints what it did with `print` (the console at start).
 */
export async function prepareDatabase(
  knex: Knex,
  config: Pick<Config, 'seedDemo' | 'adminEmail' | 'adminPassword'>,
  print: (line: string) => void = console.log,
): Promise<PreparedDatabase> {
  await migrateLatest(knex);
  const demoAccounts = config.seedDemo ? await seedDemo(knex) : [];
  let admin: PreparedDatabase['admin'] = null;
  if (config.adminEmail && config.adminPassword) {
    admin = { email: config.adminEmail, outcome: await ensureAdmin(knex, config.adminEmail, config.adminPassword) };
    print(`Admin account ${admin.email} ${admin.outcome}.`);
  }
  if (demoAccounts.length) {
    print('\nDemo accounts (embedded database only):');
    for (const a of demoAccounts) print(`  ${a.label.padEnd(36)} ${a.email.padEnd(26)} ${a.password}`);
    print('');
  }
  return { demoAccounts, admin };
}
