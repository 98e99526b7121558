/**
 * Community benchmark on PostgreSQL (docs/areas/community.md): a space of 100,000 posts and
 * 1,000,000 comments by 1,000 members. Prints p50/p95 of
 * - GET /api/community/posts: the space's first page, all spaces' first page, a deep page, a search
 *   of a rare word and of a common one;
 * - a bare Koa endpoint running the same SQL (session row, user, the visible spaces, the same feed
 *   query, the same presenter), so the portal's own overhead shows next to it;
 * - POST /api/community/comment/upsert and post/upsert with no stream open and with 50 streams open
 *   on the space (GET /api/events?space=), each write fanned out to all of them.
 * Asserts nothing about time. Run: npm run bench -- community (COMMUNITY_POSTS / COMMUNITY_COMMENTS
 * make it smaller).
 */
import Koa from 'koa';
import type { Knex } from 'knex';
import { hashPassword } from '../../api/src/core/password';
import { sessionCookieName } from '../../api/src/core/session';
import { feed, visibleSpaces } from '../../api/src/features/community/queries';
import { presentPost } from '../../api/src/features/community/presenter';
import { openSse, type SseClient } from '../helpers/sse';
import { bareSessionUser, hit, jsonInit, measure, report, serveBare, signInCookie, startBenchApp } from './lib';

const POSTS = Number(process.env.COMMUNITY_POSTS ?? 100_000);
const COMMENTS = Number(process.env.COMMUNITY_COMMENTS ?? 1_000_000);
const MEMBERS = 1_000;
const STREAMS = 50;
const PASSWORD = 'bench-password-community';
const BATCH = 50_000;
const WORDS = [
  'launch',
  'supplier',
  'margin',
  'listing',
  'keyword',
  'review',
  'shipping',
  'bundle',
  'price',
  'ads',
  'inventory',
  'photos',
  'brand',
  'sample',
  'factory',
  'customs',
  'label',
  'coupon',
  'ranking',
  'niche',
];

/** Text of `n` words drawn from WORDS by `seedExpr` (SQL), with "spatula" in 1 post of 1,000. */
const textSql = (seedExpr: string, n: number) =>
  `(select string_agg(w.words[1 + ((${seedExpr} * 31 + k * 17) % ${WORDS.length})], ' ')
      from generate_series(1, ${n}) as k, (select ?::text[] as words) w)`;

async function seed(knex: Knex): Promise<{ spaceId: number }> {
  const hash = await hashPassword(PASSWORD);
  await knex.raw(
    `insert into users (full_name, email, role, password_hash, stripe_status)
     select 'Member ' || i, 'member' || i || '@example.test', case when i = 1 then 'coach' else 'premium' end, ?, 'active'
       from generate_series(1, ?) as i`,
    [hash, MEMBERS],
  );
  const space = await knex('community_spaces').where({ name: 'Wins' }).first<{ id: number }>('id');
  const spaceId = space.id;
  const others = await knex('community_spaces').whereNot({ id: spaceId }).pluck<number[]>('id');
  for (let from = 1; from <= POSTS; from += BATCH) {
    await knex.raw(
      `insert into community_posts (space_id, author_id, title, body, created_at, pinned)
       select case when i % 10 = 0 then (?::int[])[1 + (i / 10) % ?] else ? end,
              (select min(id) from users) + (i % ?),
              'Post ' || i || ' about ' || ${textSql('i', 3)} || case when i % 1000 = 0 then ' spatula' else '' end,
              ${textSql('i', 40)},
              now() - make_interval(secs => (? - i) * 60),
              i % 20000 = 0
         from generate_series(?::int, ?::int) as i`,
      [others, others.length, spaceId, MEMBERS, WORDS, WORDS, POSTS, from, Math.min(POSTS, from + BATCH - 1)],
    );
  }
  const firstPost = Number((await knex('community_posts').min<{ min: number }[]>('id as min'))[0]!.min);
  for (let from = 1; from <= COMMENTS; from += BATCH) {
    await knex.raw(
      `insert into community_comments (post_id, author_id, body, created_at)
       select ? + ((i::bigint * 7919) % ?), (select min(id) from users) + ((i * 13) % ?), ${textSql('i', 15)},
              now() - make_interval(secs => (? - i) * 6)
         from generate_series(?::int, ?::int) as i`,
      [firstPost, POSTS, MEMBERS, WORDS, COMMENTS, from, Math.min(COMMENTS, from + BATCH - 1)],
    );
  }
  await knex.raw(
    `insert into community_reactions (post_id, user_id)
     select ? + (i % ?), (select min(id) from users) + (i % ?) from generate_series(1, ?) as i on conflict do nothing`,
    [firstPost, POSTS, MEMBERS, POSTS * 3],
  );
  for (const table of ['users', 'community_posts', 'community_comments', 'community_reactions']) {
    await knex.raw(`analyze ${table}`);
  }
  return { spaceId };
}

/** The same reads without the portal's middleware: session row, user, visible spaces, the feed, the presenter. */
async function startBare(knex: Knex, cookieName: string) {
  const app = new Koa();
  app.use(async (ctx) => {
    const user = await bareSessionUser(knex, cookieName, ctx.get('Cookie'));
    if (!user) {
      ctx.status = 401;
      return;
    }
    const q = ctx.query as Record<string, string>;
    const visible = (await visibleSpaces(knex, user)).map((s) => s.id);
    const spaceIds = q.spaceId ? visible.filter((id) => id === Number(q.spaceId)) : visible;
    const { rows, total } = await feed(knex, user, {
      spaceIds,
      page: Number(q.page ?? 1),
      itemsPerPage: 20,
      q: (q.q ?? '').trim(),
    });
    ctx.body = { posts: rows.map((p) => presentPost(p, user)), total };
  });
  return serveBare(app);
}

async function main() {
  const app = await startBenchApp();
  const bare = await startBare(app.knex, sessionCookieName(app.config));
  const streams: SseClient[] = [];
  try {
    const t0 = performance.now();
    const { spaceId } = await seed(app.knex);
    console.log(
      `seeded ${POSTS.toLocaleString('en-US')} posts, ${COMMENTS.toLocaleString('en-US')} comments, ` +
        `${MEMBERS} members in ${Math.round(performance.now() - t0)} ms`,
    );
    const member = await signInCookie(app.base, 'member2@example.test', PASSWORD);
    const coach = await signInCookie(app.base, 'member1@example.test', PASSWORD);

    const scenarios: Record<string, string> = {
      "the space's first page": `spaceId=${spaceId}`,
      'all spaces, first page': '',
      'page 500 of the space': `spaceId=${spaceId}&page=500`,
      'search a rare word (spatula)': `q=spatula`,
      'search a common word (supplier)': `q=supplier`,
      'search a phrase in the space': `spaceId=${spaceId}&q=%22supplier%20margin%22`,
    };
    for (const [name, query] of Object.entries(scenarios)) {
      const path = `/api/community/posts?itemsPerPage=20${query ? `&${query}` : ''}`;
      const queries = await app.countQueries(() => hit(`${app.base}${path}`, member));
      for (const [side, base] of [
        ['portal', app.base],
        ['bare', bare.base],
      ] as const) {
        const stats = await measure({
          requests: 60,
          concurrency: 4,
          warmup: 5,
          run: () => hit(`${base}${path}`, member),
        });
        report(`${side}: ${name}, 4 clients`, stats, side === 'portal' ? { queries } : {});
      }
    }

    const target = Number(
      (await app.knex('community_posts').where({ space_id: spaceId }).max<{ max: number }[]>('id as max'))[0]!.max,
    );
    let n = 0;
    const writes = async (label: string) => {
      report(
        `comment/upsert, ${label}`,
        await measure({
          requests: 200,
          concurrency: 4,
          warmup: 5,
          run: () =>
            hit(
              `${app.base}/api/community/comment/upsert`,
              coach,
              jsonInit('POST', { postId: target, body: `Comment ${n++} on supplier margin` }),
            ),
        }),
      );
      report(
        `post/upsert, ${label}`,
        await measure({
          requests: 100,
          concurrency: 4,
          warmup: 5,
          run: () =>
            hit(
              `${app.base}/api/community/post/upsert`,
              coach,
              jsonInit('POST', { spaceId, title: `Win ${n++}`, body: 'It sold.' }),
            ),
        }),
      );
    };
    await writes('no stream open');
    for (let i = 0; i < STREAMS; i++) {
      const cookie = await signInCookie(app.base, `member${i + 3}@example.test`, PASSWORD);
      const s = await openSse(app.base, `/api/events?space=${spaceId}`, cookie);
      if (s.status !== 200) throw new Error(`stream ${i}: ${s.status} ${s.body}`);
      streams.push(s);
    }
    await writes(`${STREAMS} streams open on the space`);
    const received = streams.map((s) => s.events.filter((e) => e.event === 'community').length);
    console.log(`community events per stream: min ${Math.min(...received)}, max ${Math.max(...received)}`);
  } finally {
    for (const s of streams) s.close();
    await bare.close();
    await app.close();
  }
}

await main();
