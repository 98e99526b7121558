/**
 * Audit log benchmark on PostgreSQL (docs/areas/audit.md): GET /api/audit/read-many over 500,000 entries by
 * 2,000 users across 400 days, per filter, with and without the 0021 indexes; and one CSV export of
 * one action. Prints p50/p95 and SQL statements per request; asserts nothing about time.
 * Run: npm run bench -- audit
 */
import { hashPassword } from '../../api/src/core/password';
import { AUDIT_ACTIONS } from '../../shared/src/types/audit';
import { hit, measure, report, signInCookie, startBenchApp, type BenchApp } from './lib';

const USERS = 2_000;
const ENTRIES = 500_000;
const DAYS = 400;
const PASSWORD = 'bench-password-audit';
const BATCH = 25_000;

async function seed(app: BenchApp): Promise<void> {
  await app.knex('users').insert({
    full_name: 'Bench Admin',
    email: 'bench.admin@example.test',
    password_hash: await hashPassword(PASSWORD),
    role: 'admin',
    is_admin: true,
    stripe_status: 'active',
  });
  await app.knex.raw(
    `insert into users (full_name, email, role)
     select 'Member ' || i, 'member' || i || '@example.test', 'basic' from generate_series(1, ?) as i`,
    [USERS],
  );
  // Actors are the first 50 users (admins and coaches do the audited work); targets any user. In
  // batches, each under the statement timeout.
  for (let from = 1; from <= ENTRIES; from += BATCH) {
    await app.knex.raw(
      `insert into audit_log (actor_id, action, target_user_id, details, ip, created_at)
       select 1 + (i % 50), (?::jsonb) ->> (i % ?), 1 + ((i::bigint * 7919) % ?),
              jsonb_build_object('fields', jsonb_build_array('role'), 'from', 'basic', 'to', 'premium'),
              '10.0.0.' || (i % 250), now() - make_interval(secs => (i::float8 / ?) * ? * 86400)
       from generate_series(?::int, ?::int) as i`,
      [
        JSON.stringify(AUDIT_ACTIONS),
        AUDIT_ACTIONS.length,
        USERS,
        ENTRIES,
        DAYS,
        from,
        Math.min(ENTRIES, from + BATCH - 1),
      ],
    );
  }
  await app.knex.raw('analyze users');
  await app.knex.raw('analyze audit_log');
}

const SCENARIOS: Record<string, string> = {
  'newest page': '',
  'action filter': 'action=tag.delete',
  'actor search (name)': 'actor=Member%2017',
  'actor id': 'actor=17',
  'target id': 'target=1234',
  'last 30 days': `from=${new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)}`,
  'action + 90 days': `action=user.update&from=${new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10)}`,
  'page 200 (offset 4,975)': 'page=200',
};

async function run(app: BenchApp, cookie: string, label: string): Promise<void> {
  for (const [name, query] of Object.entries(SCENARIOS)) {
    const url = `${app.base}/api/audit/read-many?itemsPerPage=25${query ? `&${query}` : ''}`;
    const one = () => hit(url, cookie);
    const queries = await app.countQueries(one);
    report(`${label}: ${name}, 4 clients`, await measure({ requests: 100, concurrency: 4, warmup: 5, run: one }), {
      queries,
    });
  }
}

async function main() {
  const app = await startBenchApp();
  try {
    const t0 = performance.now();
    await seed(app);
    console.log(`seeded ${ENTRIES} entries over ${USERS} users in ${Math.round(performance.now() - t0)} ms`);
    const cookie = await signInCookie(app.base, 'bench.admin@example.test', PASSWORD);
    await run(app, cookie, 'with 0021');

    const t1 = performance.now();
    const res = await fetch(`${app.base}/api/audit/export?action=user.update`, { headers: { cookie } });
    const text = await res.text();
    console.log(
      `export action=user.update: ${res.status}, ${text.split('\r\n').length - 2} rows, ` +
        `${Math.round(text.length / 1024)} KiB in ${Math.round(performance.now() - t1)} ms`,
    );

    for (const index of ['audit_log_created_idx', 'audit_log_action_idx', 'audit_log_target_idx']) {
      await app.knex.raw(`drop index ${index}`);
    }
    await app.knex.raw('analyze audit_log');
    await run(app, cookie, 'without 0021');
  } finally {
    await app.close();
  }
}

await main();
