/**
 * Issue-2 benchmark (`npm run bench -- users`): 100,000 users with tags on a fresh PostgreSQL
 * database; GET /api/auth/me and GET /api/user/read-many?search=... as an admin with 20
 * concurrent clients, next to a bare Koa endpoint running the same SQL on the same database.
 * Prints p50/p95/throughput, SQL queries per request, the portal/bare ratio, an autocannon
 * second opinion and the query plans of the search. Goals (reported, not asserted): portal /me
 * at >= 50% of the bare throughput; search p95 < 50 ms.
 */
import autocannon from 'autocannon';
import { sessionCookieName } from '../../api/src/core/session';
import { userListQueries } from '../../api/src/features/users/service';
import { hit, measure, report, signInCookie, startBenchApp, type LatencyStats } from './lib';
import { startBareApp } from './users-bare';
import { BENCH_ADMIN, generateUsers } from './users-data';

const CONCURRENCY = 20;
const ME_REQUESTS = Number(process.env.BENCH_ME_REQUESTS || 6000);
const SEARCH_REQUESTS = Number(process.env.BENCH_SEARCH_REQUESTS || 3000);
const AUTOCANNON_SECONDS = Number(process.env.BENCH_AUTOCANNON_SECONDS || 8);
/** Part of a last name, a first-name fragment, an email fragment, a full name, a rare string. */
const SEARCH_TERMS = ['smith', 'jen', 'olivia.g', 'maria lopez', 'kowal', 'zzyzx'];

async function compare(
  name: string,
  portal: { base: string; url: (i: number) => string },
  bare: { base: string },
  cookie: string,
  requests: number,
): Promise<{ portal: LatencyStats; bare: LatencyStats }> {
  const run = (base: string) => (i: number) => hit(`${base}${portal.url(i)}`, cookie);
  const p = await measure({ requests, concurrency: CONCURRENCY, run: run(portal.base) });
  const b = await measure({ requests, concurrency: CONCURRENCY, run: run(bare.base) });
  report(`portal ${name}`, p);
  report(`bare   ${name}`, b);
  console.log(`${'ratio portal/bare throughput'.padEnd(44)} ${((p.throughput / b.throughput) * 100).toFixed(0)}%`);
  return { portal: p, bare: b };
}

async function cannon(url: string, cookie: string): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections: CONCURRENCY,
    duration: AUTOCANNON_SECONDS,
    headers: { cookie },
  });
}

async function main(): Promise<void> {
  const bench = await startBenchApp({ poolMax: 10 });
  try {
    const data = await generateUsers(bench.knex);
    console.log(
      `generated ${data.users} users (${Object.entries(data.roles)
        .map(([r, n]) => `${r} ${n}`)
        .join(', ')}), ${data.userTags} user tags over ${data.tags} tags in ${data.seconds.toFixed(1)} s`,
    );
    const cookie = await signInCookie(bench.base, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const bare = await startBareApp(bench.knex, sessionCookieName(bench.config));
    try {
      // SQL statements per request, each measured alone.
      const perRequest = async (path: string) => ({
        portal: await bench.countQueries(() => hit(`${bench.base}${path}`, cookie)),
        bare: await bench.countQueries(() => hit(`${bare.base}${path}`, cookie)),
      });
      const meQueries = await perRequest('/api/auth/me');
      const searchQueries = await perRequest(`/api/user/read-many?search=${SEARCH_TERMS[0]}`);
      console.log(`SQL per request: /me portal ${meQueries.portal}, bare ${meQueries.bare}; search portal ${searchQueries.portal}, bare ${searchQueries.bare}`);
      for (const term of SEARCH_TERMS) {
        const res = await fetch(`${bench.base}/api/user/read-many?search=${encodeURIComponent(term)}`, { headers: { Cookie: cookie } });
        const body = (await res.json()) as { totalCount: number; users: unknown[] };
        console.log(`  search "${term}": ${res.status}, ${body.totalCount} matches, ${body.users.length} on the page`);
      }

      console.log(`\n${CONCURRENCY} concurrent clients:`);
      const me = await compare('GET /api/auth/me', { base: bench.base, url: () => '/api/auth/me' }, bare, cookie, ME_REQUESTS);
      const search = await compare(
        'GET /api/user/read-many?search=',
        {
          base: bench.base,
          url: (i) => `/api/user/read-many?search=${encodeURIComponent(SEARCH_TERMS[Math.abs(i) % SEARCH_TERMS.length]!)}`,
        },
        bare,
        cookie,
        SEARCH_REQUESTS,
      );

      console.log(`\nautocannon, ${CONCURRENCY} connections x ${AUTOCANNON_SECONDS} s, GET /api/auth/me:`);
      const acPortal = await cannon(`${bench.base}/api/auth/me`, cookie);
      const acBare = await cannon(`${bare.base}/api/auth/me`, cookie);
      for (const [label, r] of [
        ['portal', acPortal],
        ['bare', acBare],
      ] as const) {
        console.log(
          `  ${label.padEnd(7)} ${r.requests.average.toFixed(0)} req/s avg | p50 ${r.latency.p50} ms | p97.5 ${r.latency.p97_5} ms | p99 ${r.latency.p99} ms | non-2xx ${r.non2xx} | errors ${r.errors}`,
        );
      }
      console.log(`  ratio portal/bare ${((acPortal.requests.average / acBare.requests.average) * 100).toFixed(0)}%`);

      console.log('\nquery plans of the search (EXPLAIN ANALYZE):');
      for (const term of ['smith', 'olivia.g']) {
        const q = userListQueries(bench.knex, { page: 1, usersPerPage: 10, search: term, role: '', cityOrState: '', stripeStatus: '', scope: '' }, { community: false });
        for (const [label, builder] of [
          ['counts', q.counts],
          ['page', q.page],
        ] as const) {
          const { sql, bindings } = builder.toSQL().toNative();
          const plan = (await bench.knex.raw(`explain (analyze, buffers off) ${sql}`, bindings)) as { rows: Array<{ 'QUERY PLAN': string }> };
          const lines = plan.rows.map((r) => r['QUERY PLAN']);
          const scans = lines.filter((l) => /Scan|Sort|Limit/.test(l)).map((l) => l.trim().split('  (')[0]);
          const time = lines.find((l) => l.startsWith('Execution Time'));
          console.log(`  "${term}" ${label}: ${[...new Set(scans)].slice(0, 4).join(' > ')} | ${time}`);
        }
      }

      const meRatio = me.portal.throughput / me.bare.throughput;
      console.log('\ngoals:');
      console.log(`  portal /me >= 50% of bare throughput: ${(meRatio * 100).toFixed(0)}% -> ${meRatio >= 0.5 ? 'MET' : 'MISSED'}`);
      console.log(`  search over ${data.users} users p95 < 50 ms: ${search.portal.p95.toFixed(1)} ms -> ${search.portal.p95 < 50 ? 'MET' : 'MISSED'}`);
    } finally {
      await bare.close();
    }
  } finally {
    await bench.close();
  }
}

await main();
