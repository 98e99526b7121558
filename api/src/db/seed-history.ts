import type { Knex } from 'knex';
import { ANALYTICS_NOT_ACTIVITY } from '@shared/schemas/analytics';
import type { AuditAction } from '@shared/types/audit';
import { auditMany, type AuditEntry } from '../core/audit';
import { copyBoard } from '../features/board';
import type { AreaSeed } from './seed-types';

/**
 * 90 days of demo history (docs/areas/insights.md#demo-history): a cohort of members who signed up
 * over the last 90 days, and for them and the demo accounts what the portal would have recorded
 * meanwhile (sign-ins, page views, lesson completions, products, card moves through FOR REVIEW, two
 * cancellations, the admins' audited changes), so Insights, the dashboard and the Audit log show
 * shapes instead of one bar of today. Deterministic (one seeded random sequence: the same demo
 * for the same day) and set-based: a few statements whatever the number of rows, in the seed's
 * transaction.
 */
export const HISTORY_DAYS = 90;
const DAY_MS = 86_400_000;

/** mulberry32: a small seeded generator, so every start of the demo tells the same story. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type CohortRole = 'premium' | 'basic' | 'course only';

/** Members who joined in the last 90 days (names no demo story or test uses). */
const COHORT: ReadonlyArray<readonly [string, string, string, CohortRole]> = [
  ['Aiko Tanaka', 'San Jose', 'CA', 'premium'],
  ['Bruno Costa', 'Newark', 'NJ', 'basic'],
  ['Chloe Martin', 'Chicago', 'IL', 'course only'],
  ['Dev Sharma', 'Houston', 'TX', 'premium'],
  ['Elena Petrova', 'Brooklyn', 'NY', 'basic'],
  ['Felix Wagner', 'Madison', 'WI', 'premium'],
  ['Hana Kim', 'Irvine', 'CA', 'course only'],
  ['Ivan Novak', 'Cleveland', 'OH', 'basic'],
  ['Jade Thompson', 'Atlanta', 'GA', 'premium'],
  ['Kofi Mensah', 'Columbus', 'OH', 'basic'],
  ['Lena Fischer', 'Boulder', 'CO', 'course only'],
  ['Mateo Garcia', 'San Diego', 'CA', 'premium'],
  ['Nadia Rahman', 'Detroit', 'MI', 'basic'],
  ['Oscar Lind', 'Minneapolis', 'MN', 'premium'],
  ['Paula Souza', 'Orlando', 'FL', 'course only'],
  ['Quinn Walsh', 'Providence', 'RI', 'basic'],
  ['Rosa Alvarez', 'El Paso', 'TX', 'premium'],
  ['Sam Okafor', 'Charlotte', 'NC', 'basic'],
  ['Tara Singh', 'Fremont', 'CA', 'premium'],
  ['Umar Farooq', 'Raleigh', 'NC', 'course only'],
  ['Vera Ivanova', 'Sacramento', 'CA', 'basic'],
  ['Wes Carter', 'Nashville', 'TN', 'premium'],
  ['Yara Nasser', 'Tucson', 'AZ', 'course only'],
  ['Zoe Bennett', 'Richmond', 'VA', 'premium'],
];

/** Cohort members who stopped: two cancelled (Stripe says so), three simply went quiet. */
const CANCELLED = new Set(['Ivan Novak', 'Paula Souza']);
const LAPSED = new Set(['Quinn Walsh', 'Hana Kim', 'Oscar Lind']);

const PRODUCT_NAMES = [
  'Collapsible Silicone Strainer',
  'Stainless Steel Ice Cube Molds',
  'Travel Cable Organizer Pouch',
  'Ceramic Pour-Over Dripper',
  'Reusable Beeswax Food Wraps',
  'Magnetic Spice Jar Set',
  'Foldable Laptop Stand',
  'Cork Yoga Block Pair',
];

const PAGES = [
  '/',
  '/courses',
  '/move-the-needle',
  '/resources',
  '/product-qualifier',
  '/profit-calculator',
  '/community',
];

interface Member {
  id: number;
  role: string;
  /** Days ago they joined (HISTORY_DAYS or more: before the window). */
  joined: number;
  /** Days ago they were last active (0: still active). */
  until: number;
  /** The chance they use the portal on a weekday. */
  engagement: number;
  coachId: number | null;
}

interface SeedEvent {
  user_id: number;
  role: string;
  name: string;
  source: 'client' | 'server';
  props: Record<string, string | number | boolean>;
  at: string;
}

/**
 * Writes events and the ingest's three rollups as the ingest does (api/src/features/analytics/service.ts,
 * RECORD_SQL) but keeps each event's own time: the ingest clamps `at` to the last 48 hours. One
 * statement; the rollups of migration 0023 follow by their triggers.
 */
const EVENTS_SQL = `
with input as materialized (
  select x.user_id, x.role, x.name, true as known, x.source, x.props, x.at as occurred_at
    from jsonb_to_recordset(?::jsonb)
      as x(user_id integer, role text, name text, source text, props jsonb, at timestamptz)
),
ins as (
  insert into analytics_events (user_id, role, name, known, source, props, occurred_at)
  select user_id, role, name, known, source, props, occurred_at from input
),
daily as (
  insert into analytics_daily as d (day, name, role, known, count)
  select (occurred_at at time zone 'UTC')::date, name, role, true, count(*) from input group by 1, 2, 3
  on conflict (day, name, role) do update set count = d.count + excluded.count
),
active_days as (
  insert into analytics_active_days (day, user_id, role)
  select distinct on (day, user_id) day, user_id, role
    from (select (occurred_at at time zone 'UTC')::date as day, user_id, role, occurred_at
            from input where name <> all(?::text[])) e
   order by day, user_id, occurred_at
  on conflict (day, user_id) do nothing
)
insert into analytics_active_weeks (week, user_id, role)
select distinct on (week, user_id) week, user_id, role
  from (select date_trunc('week', occurred_at at time zone 'UTC')::date as week, user_id, role, occurred_at
          from input where name <> all(?::text[])) e
 order by week, user_id, occurred_at
on conflict (week, user_id) do nothing`;

export const seedHistory: AreaSeed = async (trx, ctx) => {
  const adminId = ctx.userIdByEmail.get('admin@demo.portal');
  const coachId = ctx.userIdByEmail.get('coach@demo.portal');
  if (!adminId || !coachId) return;
  const random = seededRandom(20_261_207);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const now = Date.now();
  const todayStart = now - (now % DAY_MS);
  /** A moment of the day `daysAgo` (UTC), between 07:00 and 22:00, never in the future. */
  const momentOf = (daysAgo: number): Date => {
    const t = todayStart - daysAgo * DAY_MS + Math.floor((7 + random() * 15) * 3_600_000);
    return new Date(Math.min(t, now - 60_000 - Math.floor(random() * 600_000)));
  };

  // The cohort: sign-ups lean to the recent weeks (the portal grows).
  const hash = await trx('users')
    .where({ email: 'member1@demo.portal' })
    .first<{ password_hash: string }>('password_hash');
  const joins = COHORT.map(() => Math.floor(Math.sqrt(random()) * (HISTORY_DAYS - 2)) + 1)
    .sort((a, b) => b - a)
    .map((d) => HISTORY_DAYS - 1 - d);
  const cohortRows = await trx('users')
    .insert(
      COHORT.map(([name, city, state, role], i) => ({
        full_name: name,
        email: `${name.toLowerCase().replace(' ', '.')}@demo.portal`,
        password_hash: hash?.password_hash ?? null,
        role,
        city,
        state,
        country: 'USA',
        stripe_status: CANCELLED.has(name) ? 'canceled' : 'active',
        coach_id: role === 'premium' && i % 2 === 0 ? coachId : null,
        created_at: momentOf(joins[i]!),
      })),
    )
    .returning<Array<{ id: number; full_name: string; role: string; coach_id: number | null }>>([
      'id',
      'full_name',
      'role',
      'coach_id',
    ]);

  const members: Member[] = [];
  for (const [i, row] of cohortRows.entries()) {
    const joined = joins[i]!;
    const stops = CANCELLED.has(row.full_name) || LAPSED.has(row.full_name);
    members.push({
      id: row.id,
      role: row.role,
      joined,
      until: stops ? Math.max(15, Math.floor(joined / 3)) : 0,
      engagement: 0.3 + random() * 0.5,
      coachId: row.coach_id,
    });
  }
  // The demo accounts were here all along; the past-due member went quiet three weeks ago.
  const demo = await trx('users')
    .whereIn(
      'email',
      [...ctx.userIdByEmail.keys()].concat(
        ['member1', 'member2', 'member3', 'member4', 'member5'].map((m) => `${m}@demo.portal`),
      ),
    )
    .select<Array<{ id: number; role: string; email: string; coach_id: number | null }>>(
      'id',
      'role',
      'email',
      'coach_id',
    );
  for (const u of demo) {
    if (u.email === 'premium.new@demo.portal') continue; // keeps the new member's first-run story
    members.push({
      id: u.id,
      role: u.role,
      joined: HISTORY_DAYS,
      until: u.email === 'blocked@demo.portal' ? 21 : 0,
      engagement: u.role === 'admin' || u.role === 'coach' ? 0.75 : 0.25 + random() * 0.4,
      coachId: u.coach_id,
    });
  }

  // Lessons of the published courses, in course order: the cohort works through them.
  const lessons = await trx('lessons as l')
    .join('modules as m', 'm.id', 'l.module_id')
    .join('courses as c', 'c.id', 'm.course_id')
    .where('c.status', 'PUBLISHED')
    .orderBy([{ column: 'c.position' }, { column: 'm.position' }, { column: 'l.position' }])
    .select<Array<{ id: number }>>('l.id');

  const events: SeedEvent[] = [];
  const completions: Array<{ user_id: number; lesson_id: number; completed_at: Date }> = [];
  const products: Array<Record<string, unknown>> = [];
  const cohortIds = new Set(cohortRows.map((r) => r.id));
  /** Each member's active days (days ago, oldest first): the board's moves happen on them. */
  const activeDays = new Map<number, number[]>();
  const event = (
    m: Member,
    name: string,
    at: Date,
    props: SeedEvent['props'] = {},
    source: SeedEvent['source'] = 'client',
  ) => events.push({ user_id: m.id, role: m.role, name, source, props, at: at.toISOString() });

  for (const m of members) {
    const cohort = cohortIds.has(m.id);
    const days: number[] = [];
    let nextLesson = cohort ? 0 : lessons.length;
    let productCount = 0;
    const first = Math.min(m.joined, HISTORY_DAYS - 1);
    if (cohort) event(m, 'signed_up', momentOf(m.joined), {}, 'server');
    for (let d = first; d >= m.until; d--) {
      const weekday = new Date(todayStart - d * DAY_MS).getUTCDay();
      const weekend = weekday === 0 || weekday === 6;
      const fresh = cohort && m.joined - d < 7 ? 0.25 : 0; // new members try everything in their first week
      const chance = Math.min(
        0.95,
        (m.engagement + fresh) * (weekend ? 0.45 : 1) * (0.8 + 0.3 * (1 - d / HISTORY_DAYS)),
      );
      if (d !== m.joined && random() > chance) continue;
      days.push(d);
      event(m, 'signed_in', momentOf(d), {}, 'server');
      const views = 1 + Math.floor(random() * 5);
      for (let v = 0; v < views; v++) event(m, 'page_view', momentOf(d), { path: pick(PAGES) });
      if (m.role !== 'admin' && m.role !== 'coach' && nextLesson < lessons.length && random() < 0.45) {
        const done = 1 + Math.floor(random() * 2);
        for (let k = 0; k < done && nextLesson < lessons.length; k++) {
          const lesson = lessons[nextLesson++]!;
          const at = momentOf(d);
          completions.push({ user_id: m.id, lesson_id: lesson.id, completed_at: at });
          event(m, 'lesson_completed', at, { lessonId: lesson.id });
        }
      }
      if (cohort && m.role !== 'course only' && productCount < 3 && random() < 0.08) {
        productCount += 1;
        const cost = Math.round((1.5 + random() * 6) * 100) / 100;
        const retail = Math.round((cost * (3 + random() * 2) + 0.99) * 100) / 100;
        products.push({
          user_id: m.id,
          title: PRODUCT_NAMES[(m.id + productCount * 3) % PRODUCT_NAMES.length],
          description: null,
          position: productCount,
          units: 250 * (1 + Math.floor(random() * 4)),
          cost_per_unit: cost,
          shipping_cost: Math.round(200 + random() * 900),
          amazon_fees: Math.round(retail * 0.3 * 100) / 100,
          amazon_retail: retail,
          created_at: momentOf(d),
        });
      }
      if (m.role === 'premium' && random() < 0.1) event(m, 'ai_tool_opened', momentOf(d), { toolId: 'listing-writer' });
      if (random() < 0.12) event(m, 'resource_opened', momentOf(d), { resourceId: 1 + Math.floor(random() * 4) });
    }
    activeDays.set(m.id, days);
  }
  // The two cancellations: Stripe's change, not the member's activity.
  for (const m of members.filter((x) => cohortIds.has(x.id))) {
    const row = cohortRows.find((r) => r.id === m.id)!;
    if (!CANCELLED.has(row.full_name)) continue;
    event(m, 'subscription_changed', momentOf(m.until - 1), { from: 'active', to: 'canceled' }, 'server');
  }

  if (completions.length) await trx('lesson_completions').insert(completions);
  if (products.length) {
    const saved = await trx('products')
      .insert(products)
      .returning<Array<{ id: number; user_id: number; created_at: Date }>>(['id', 'user_id', 'created_at']);
    for (const p of saved) {
      const m = members.find((x) => x.id === p.user_id)!;
      event(m, 'product_saved', new Date(p.created_at), { productId: p.id, kind: 'new' });
    }
  }

  // Boards for the cohort's premium members: the template's cards worked through, each move in the
  // card's history, reviews by the coach (to COMPLETED); nothing is left waiting in FOR REVIEW.
  const moves = await seedBoards(
    trx,
    adminId,
    members.filter((m) => cohortIds.has(m.id) && m.role === 'premium'),
    activeDays,
    momentOf,
    random,
  );
  for (const mv of moves) {
    const m = members.find((x) => x.id === mv.actorId);
    if (m) event(m, 'card_moved', mv.at, { cardId: mv.cardId, fromListId: mv.fromListId, toListId: mv.toListId });
  }

  events.sort((a, b) => a.at.localeCompare(b.at));
  const notActivity: string[] = [...ANALYTICS_NOT_ACTIVITY];
  for (let i = 0; i < events.length; i += 5_000) {
    await trx.raw(EVENTS_SQL, [JSON.stringify(events.slice(i, i + 5_000)), notActivity, notActivity]);
  }

  await seedAudit(trx, adminId, cohortRows, joins, momentOf, random);
};

interface Move {
  cardId: number;
  actorId: number;
  fromListId: number;
  toListId: number;
  at: Date;
}

/** A card's way through the lists: [list name, days after the member joined] per step. */
const PATHS: Record<string, Array<[string, number]>> = {
  'Pick your product niche': [
    ['IN PROGRESS', 2],
    ['FOR REVIEW', 9],
    ['COMPLETED', 11],
  ],
  'Set your 90-day revenue goal': [
    ['IN PROGRESS', 1],
    ['COMPLETED', 4],
  ],
  'Finish the seller foundations course': [
    ['FOR REVIEW', 20],
    ['COMPLETED', 22],
  ],
  'Book a review call with your coach': [['COMPLETED', 6]],
};

async function seedBoards(
  trx: Knex.Transaction,
  adminId: number,
  members: Member[],
  activeDays: ReadonlyMap<number, number[]>,
  momentOf: (daysAgo: number) => Date,
  random: () => number,
): Promise<Move[]> {
  const moves: Move[] = [];
  const history: Array<Record<string, unknown>> = [];
  const placed: Array<{ id: number; list_id: number; position: number }> = [];
  const touched: Array<{ user_id: number; at: Date }> = [];
  for (const m of members) {
    await trx('mtn_boards').insert({ user_id: m.id });
    await copyBoard(trx, adminId, m.id);
    const cards = await trx('mtn_cards as c')
      .join('mtn_lists as l', 'l.id', 'c.list_id')
      .where('l.user_id', m.id)
      .orderBy([{ column: 'l.position' }, { column: 'c.position' }])
      .select<Array<{ id: number; title: string; list_id: number; list: string }>>(
        'c.id',
        'c.title',
        'c.list_id',
        'l.name as list',
      );
    const lists = new Map(
      (await trx('mtn_lists').where({ user_id: m.id }).select<Array<{ id: number; name: string }>>('id', 'name')).map(
        (l) => [l.name, l.id],
      ),
    );
    const days = activeDays.get(m.id) ?? [];
    const reviewer = m.coachId ?? adminId;
    const created = momentOf(m.joined);
    let last = created;
    const final = new Map<number, Array<{ id: number; at: number }>>();
    for (const card of cards) {
      history.push({
        card_id: card.id,
        actor_id: m.id,
        kind: 'created',
        data: JSON.stringify({ listId: card.list_id, list: card.list }),
        created_at: created,
      });
      let list = card.list;
      let listId = card.list_id;
      let arrivedDay = m.joined;
      let arrived = created.getTime();
      let moved = false;
      const move = (to: string, actorId: number, day: number) => {
        // Never before the last step, never in the future.
        let at = Math.max(momentOf(day).getTime(), arrived + 3_600_000);
        if (at > Date.now() - 60_000) at = arrived + 60_000;
        const toId = lists.get(to)!;
        const when = new Date(at);
        const data = { fromListId: listId, from: list, toListId: toId, to };
        history.push({
          card_id: card.id,
          actor_id: actorId,
          kind: 'moved',
          data: JSON.stringify(data),
          created_at: when,
        });
        moves.push({ cardId: card.id, actorId, fromListId: listId, toListId: toId, at: when });
        list = to;
        listId = toId;
        arrived = at;
        arrivedDay = day;
        moved = true;
        if (when > last) last = when;
      };
      for (const [to, after] of PATHS[card.title] ?? []) {
        const target = Math.min(arrivedDay, m.joined - after - Math.floor(random() * 3));
        if (list === 'FOR REVIEW') {
          // A coach answers a review within a few days, whether or not the member is still active.
          move(to, reviewer, Math.max(0, target));
          continue;
        }
        // The member moves a card on a day they were active.
        const day = days.find((d) => d <= target);
        if (day === undefined || day < m.until) break;
        move(to, m.id, day);
      }
      // Nothing stays waiting in FOR REVIEW (the demo's waiting cards are seed-review.ts's).
      if (list === 'FOR REVIEW') move('COMPLETED', reviewer, arrivedDay);
      const inList = final.get(listId) ?? [];
      inList.push({ id: card.id, at: moved ? arrived : 0 });
      final.set(listId, inList);
    }
    // Cards that stayed keep their order; those that arrived follow, in the order they came.
    for (const [listId, inList] of final) {
      inList.sort((a, b) => a.at - b.at);
      inList.forEach((c, position) => placed.push({ id: c.id, list_id: listId, position }));
    }
    touched.push({ user_id: m.id, at: last });
  }
  if (placed.length) {
    await trx.raw(
      `update mtn_cards c set list_id = p.list_id, position = p.position
         from jsonb_to_recordset(?::jsonb) as p(id int, list_id int, position int) where c.id = p.id`,
      [JSON.stringify(placed)],
    );
  }
  if (history.length) await trx('mtn_card_events').insert(history);
  // The board changed when its last card moved (members at risk read it), not at seed time.
  if (touched.length) {
    await trx.raw(
      `update mtn_boards b set changed_at = t.at
         from jsonb_to_recordset(?::jsonb) as t(user_id int, at timestamptz) where b.user_id = t.user_id`,
      [JSON.stringify(touched)],
    );
  }
  return moves;
}

/** The admins' audited work over the 90 days, through the one audit writer, dated when it happened. */
async function seedAudit(
  trx: Knex.Transaction,
  adminId: number,
  cohort: ReadonlyArray<{ id: number; full_name: string; role: string }>,
  joins: readonly number[],
  momentOf: (daysAgo: number) => Date,
  random: () => number,
): Promise<void> {
  const entries: AuditEntry[] = [];
  const add = (
    daysAgo: number,
    action: AuditAction,
    details: Record<string, unknown>,
    targetUserId: number | null = null,
  ) =>
    entries.push({ actorId: adminId, action, targetUserId, details, ip: '203.0.113.10', createdAt: momentOf(daysAgo) });
  for (const [i, member] of cohort.entries()) {
    const day = Math.max(0, joins[i]! - 1 - Math.floor(random() * 3));
    if (random() < 0.5) add(day, 'user.update', { fields: ['tags'] }, member.id);
    if (member.role === 'premium' && random() < 0.4)
      add(day, 'user.upgrade-role', { fields: ['role'], from: 'basic', to: 'premium' }, member.id);
  }
  for (let d = HISTORY_DAYS - 1; d >= 1; d -= 1 + Math.floor(random() * 6)) {
    const r = random();
    if (r < 0.3) add(d, 'lesson.update', { title: 'Finding suppliers' });
    else if (r < 0.5) add(d, 'banner.update', { title: 'Welcome banner' });
    else if (r < 0.65)
      add(d, 'setting.update', {
        key: 'supportUrl',
        from: 'https://help.example.com',
        to: 'https://help.example.com/portal',
      });
    else if (r < 0.8) add(d, 'user.export', { users: 30 + Math.floor(random() * 10) });
    else add(d, 'tag.update', { name: 'Mastermind' });
  }
  entries.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
  await auditMany(trx, entries);
}
