/**
 * Data generator of the issue-2 benchmark: 100,000 users with realistic names, emails, cities,
 * roles, Stripe statuses and sign-up dates, and about three tags each, written with a few
 * INSERT ... SELECT generate_series statements (seconds, not minutes).
 */
import type { Knex } from 'knex';
import type pg from 'pg';
import { hashPassword } from '../../api/src/core/password';

// prettier-ignore
const FIRST_NAMES = [
  'Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Oliver', 'Sophia', 'Elijah', 'Isabella', 'James', 'Mia', 'William',
  'Amelia', 'Benjamin', 'Harper', 'Lucas', 'Evelyn', 'Henry', 'Abigail', 'Alexander', 'Emily', 'Michael', 'Ella',
  'Daniel', 'Elizabeth', 'Jacob', 'Camila', 'Logan', 'Luna', 'Jackson', 'Sofia', 'Sebastian', 'Avery', 'Jack',
  'Scarlett', 'Aiden', 'Victoria', 'Owen', 'Madison', 'Samuel', 'Aria', 'Matthew', 'Grace', 'Joseph', 'Chloe',
  'Levi', 'Penelope', 'Mateo', 'Riley', 'David', 'Jennifer', 'Maria', 'Jose', 'Ana', 'Carlos', 'Priya', 'Wei',
  'Fatima', 'Mohammed', 'Yuki', 'Annika', 'Jenna', 'Anne', 'Hannah',
];
// prettier-ignore
const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee',
  'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young',
  'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker',
  'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts', 'Patel', 'Kim', 'Chen', 'Singh', 'Okafor',
  'Schmidt', 'Rossi', 'Kowalski', 'Novak', 'Silva',
];
const DOMAINS = [
  'gmail.com',
  'yahoo.com',
  'outlook.com',
  'icloud.com',
  'hotmail.com',
  'aol.com',
  'proton.me',
  'shopmail.co',
];
// prettier-ignore
const CITIES: Array<[string, string]> = [
  ['Austin', 'TX'], ['Dallas', 'TX'], ['Houston', 'TX'], ['San Antonio', 'TX'], ['Phoenix', 'AZ'], ['Tucson', 'AZ'],
  ['Denver', 'CO'], ['Boulder', 'CO'], ['Miami', 'FL'], ['Orlando', 'FL'], ['Tampa', 'FL'], ['Atlanta', 'GA'],
  ['Chicago', 'IL'], ['Nashville', 'TN'], ['Memphis', 'TN'], ['Charlotte', 'NC'], ['Raleigh', 'NC'], ['Seattle', 'WA'],
  ['Spokane', 'WA'], ['Portland', 'OR'], ['Boise', 'ID'], ['Salt Lake City', 'UT'], ['Las Vegas', 'NV'],
  ['Los Angeles', 'CA'], ['San Diego', 'CA'], ['San Jose', 'CA'], ['Sacramento', 'CA'], ['New York', 'NY'],
  ['Buffalo', 'NY'], ['Boston', 'MA'], ['Philadelphia', 'PA'], ['Pittsburgh', 'PA'], ['Columbus', 'OH'],
  ['Cleveland', 'OH'], ['Detroit', 'MI'], ['Minneapolis', 'MN'], ['Kansas City', 'MO'], ['St. Louis', 'MO'],
  ['Omaha', 'NE'], ['Toronto', 'ON'], ['Vancouver', 'BC'], ['London', ''], ['Sydney', 'NSW'],
];
// prettier-ignore
const TAG_NAMES = [
  'Mastermind 2023', 'Mastermind 2024', 'Mastermind 2025', 'aitoolkit', 'raina', 'Amazon FBA', 'Wholesale',
  'Private Label', 'Online Arbitrage', 'Retail Arbitrage', 'Coaching Call', 'VIP', 'Founding Member', 'Q4 Sprint',
  'Sourcing Bootcamp', 'PPC Workshop', 'Listing Lab', 'Brand Registry', 'Walmart Sellers', 'eBay Sellers',
  'Shopify', 'TikTok Shop', 'Live Event 2024', 'Live Event 2025', 'Accountability Group', 'Scholarship',
  'Beta Tester', 'Affiliate', 'Refund Requested', 'Annual Plan', 'Monthly Plan', 'Course Graduate', 'Level 1',
  'Level 2', 'Level 3', 'Inner Circle', 'Podcast Guest', 'Success Story', 'Needs Follow-up', 'Spanish Speaking',
];

export const USER_COUNT = 100_000;
export const BENCH_ADMIN = { email: 'bench.admin@portal.test', password: 'bench-admin-password-2026' };

export interface GeneratedData {
  users: number;
  userTags: number;
  tags: number;
  roles: Record<string, number>;
  seconds: number;
}

type Runnable = { toSQL(): { toNative(): { sql: string; bindings: readonly unknown[] } } };

/**
 * Runs the generator's statements on one connection without the API's statement timeout (a bulk
 * load on a busy 2-core machine can take longer than a request may).
 */
async function onOneConnection<T>(
  knex: Knex,
  fn: (run: (q: Runnable) => Promise<pg.QueryResult>) => Promise<T>,
): Promise<T> {
  const client = knex.client as {
    acquireConnection(): Promise<pg.Client>;
    releaseConnection(c: pg.Client): Promise<void>;
  };
  const conn = await client.acquireConnection();
  try {
    await conn.query('set statement_timeout = 0');
    return await fn((q) => {
      const { sql, bindings } = q.toSQL().toNative();
      return conn.query(sql, [...bindings]);
    });
  } finally {
    await conn.query('reset statement_timeout').catch(() => undefined);
    await client.releaseConnection(conn);
  }
}

/** Fills an empty, migrated database. Returns what it wrote. */
export async function generateUsers(
  knex: Knex,
  count = USER_COUNT,
  options: { vacuum?: boolean } = {},
): Promise<GeneratedData> {
  return onOneConnection(knex, (run) => generate(knex, run, count, options));
}

async function generate(
  knex: Knex,
  run: (q: Runnable) => Promise<pg.QueryResult>,
  count: number,
  options: { vacuum?: boolean },
): Promise<GeneratedData> {
  const started = performance.now();
  await run(knex('tags').insert(TAG_NAMES.map((name, i) => ({ name, open_for_signup: i % 9 === 0 }))));
  // One statement per 25,000 users keeps each transaction short; ids follow g.
  const batch = 25_000;
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    await run(
      knex.raw(
        `insert into users (full_name, email, role, is_admin, city, state, country, phone_number, stripe_status,
                          stripe_customer_id, always_grant_access, position, created_at, updated_at)
       select f || ' ' || l,
              lower(f) || case when g % 3 = 0 then '.' when g % 3 = 1 then '_' else '' end || lower(l) || g || '@' || d,
              r, r = 'admin', (cast(:cities as text[]))[ci], nullif((cast(:states as text[]))[ci], ''),
              (cast(:countries as text[]))[ci],
              case when g % 4 = 0 then null
                   else '+1 ' || lpad(cast((g * 7919) % 1000 as text), 3, '0') || ' 555 ' || lpad(cast(g % 10000 as text), 4, '0') end,
              case when r in ('basic', 'admin', 'coach') then null
                   when g % 37 = 0 then 'past_due' when g % 53 = 0 then 'canceled' when g % 97 = 0 then 'unpaid'
                   else 'active' end,
              case when r in ('premium', 'course only') then 'cus_' || substr(md5(cast(g as text)), 1, 14) end,
              g % 211 = 0,
              0,
              now() - make_interval(days => (g * 37) % 1100, secs => (g * 7919) % 86400),
              now() - make_interval(days => (g * 13) % 300)
       from generate_series(cast(:from as int), cast(:to as int)) as g,
            lateral (select (cast(:first as text[]))[1 + (hashtext('f' || g) & 2147483647) % :firstCount] as f,
                            (cast(:last as text[]))[1 + (hashtext('l' || g) & 2147483647) % :lastCount] as l,
                            (cast(:domains as text[]))[1 + (hashtext('d' || g) & 2147483647) % :domainCount] as d,
                            1 + (hashtext('c' || g) & 2147483647) % :cityCount as ci,
                            case when g % 50 = 0 then 'admin' when g % 25 = 1 then 'coach'
                                 when g % 10 = 2 then 'course only' when g % 3 = 0 then 'premium'
                                 else 'basic' end as r) as pick`,
        {
          from,
          to,
          first: FIRST_NAMES,
          firstCount: FIRST_NAMES.length,
          last: LAST_NAMES,
          lastCount: LAST_NAMES.length,
          domains: DOMAINS,
          domainCount: DOMAINS.length,
          cities: CITIES.map(([city]) => city),
          states: CITIES.map(([, state]) => state),
          countries: CITIES.map(([, state]) =>
            ['ON', 'BC'].includes(state)
              ? 'Canada'
              : state === 'NSW'
                ? 'Australia'
                : state === ''
                  ? 'United Kingdom'
                  : 'United States',
          ),
          cityCount: CITIES.length,
        },
      ),
    );
  }
  // About three tags per user, spread over all tags.
  for (let from = 1; from <= count; from += batch) {
    await run(
      knex.raw(
        `insert into user_tags (user_id, tag_id)
         select u.id, t.id from users u join tags t on (u.id * 31 + t.id * 17) % 13 = 0
         where u.id between ? and ?`,
        [from, from + batch - 1],
      ),
    );
  }
  await run(
    knex('users').insert({
      full_name: 'Bench Admin',
      email: BENCH_ADMIN.email,
      password_hash: await hashPassword(BENCH_ADMIN.password),
      role: 'admin',
      is_admin: true,
      city: 'Austin',
      state: 'TX',
      country: 'United States',
    }),
  );
  // The steady state autovacuum keeps a live database in: statistics, visibility map, and the
  // GIN pending lists of the trigram indexes merged (a bulk load leaves them long and slow).
  const maintenance = options.vacuum === false ? 'analyze' : 'vacuum analyze';
  for (const table of ['users', 'user_tags', 'tags']) await run(knex.raw(`${maintenance} ${table}`));
  const roleRows = await run(knex.raw('select role, count(*)::int as n from users group by role order by n desc'));
  const totals = await run(
    knex.raw(
      'select (select count(*)::int from users) as "users", (select count(*)::int from user_tags) as "userTags"',
    ),
  );
  const roles = Object.fromEntries((roleRows.rows as Array<{ role: string; n: number }>).map((r) => [r.role, r.n]));
  const { users, userTags } = totals.rows[0] as { users: number; userTags: number };
  return {
    users: Number(users),
    userTags: Number(userTags),
    tags: TAG_NAMES.length,
    roles,
    seconds: (performance.now() - started) / 1000,
  };
}
