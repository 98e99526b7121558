/**
 * Issue-2 benchmark (`npm run bench -- users`): 100,000 users with tags on a fresh PostgreSQL
 * database; GET /api/auth/me and GET /api/user/read-many?search=... as an admin with 20
 * concurrent clients, next to a bare Koa endpoint running the same SQL on the same database.
 * Prints p50/p95/throughput, SQL queries per request, the portal/bare ratio, an autocannon
 * second opinion and the query plans of the search. Goals (reported, not asserted): portal /me
 * at >= 50% of the bare throughput; search p95 < 50 ms.
 */
import os from 'node:os';
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

const ROUNDS = 3;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Portal and bare endpoint measured in alternating rounds (portal, bare, portal, bare ...), so
 * that load from other processes on this shared machine hits both alike. Prints every round and
 * the median of each figure; the ratio is the median of the per-round throughput ratios.
 */
async function compare(
  name: string,
  url: (base: string, i: number) => string,
  bases: { portal: string; bare: string },
  cookie: string,
  requests: number,
): Promise<{ portal: LatencyStats; bare: LatencyStats; ratio: number }> {
  const rounds: Array<{ portal: LatencyStats; bare: LatencyStats }> = [];
  for (let r = 0; r < ROUNDS; r++) {
    const run = (base: string) => (i: number) => hit(url(base, i), cookie);
    const portal = await measure({
      requests: Math.ceil(requests / ROUNDS),
      concurrency: CONCURRENCY,
      run: run(bases.portal),
    });
    const bare = await measure({
      requests: Math.ceil(requests / ROUNDS),
      concurrency: CONCURRENCY,
      run: run(bases.bare),
    });
    rounds.push({ portal, bare });
    report(`  round ${r + 1} portal ${name}`, portal);
    report(`  round ${r + 1} bare   ${name}`, bare);
  }
  const pick = (side: 'portal' | 'bare'): LatencyStats => {
    const all = rounds.map((r) => r[side]);
    return {
      requests: all.reduce((a, s) => a + s.requests, 0),
      concurrency: CONCURRENCY,
      p50: median(all.map((s) => s.p50)),
      p95: median(all.map((s) => s.p95)),
      mean: median(all.map((s) => s.mean)),
      max: Math.max(...all.map((s) => s.max)),
      throughput: median(all.map((s) => s.throughput)),
      errors: all.reduce((a, s) => a + s.errors, 0),
    };
  };
  const ratio = median(rounds.map((r) => r.portal.throughput / r.bare.throughput));
  const portal = pick('portal');
  const bare = pick('bare');
  report(`median portal ${name}`, portal);
  report(`median bare   ${name}`, bare);
  console.log(`${'ratio portal/bare throughput'.padEnd(44)} ${(ratio * 100).toFixed(0)}%`);
  return { portal, bare, ratio };
}

async function cannon(url: string, cookie: string): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections: CONCURRENCY,
    duration: AUTOCANNON_SECONDS,
    headers: { cookie },
  });
}

const searchUrl = (base: string, i: number) =>
  `${base}/api/user/read-many?search=${encodeURIComponent(SEARCH_TERMS[Math.abs(i) % SEARCH_TERMS.length]!)}`;

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
      console.log(
        `SQL per request: /me portal ${meQueries.portal}, bare ${meQueries.bare}; search portal ${searchQueries.portal}, bare ${searchQueries.bare}`,
      );
      for (const term of SEARCH_TERMS) {
        const res = await fetch(`${bench.base}/api/user/read-many?search=${encodeURIComponent(term)}`, {
          headers: { Cookie: cookie },
        });
        const body = (await res.json()) as { totalCount: number; users: unknown[] };
        console.log(`  search "${term}": ${res.status}, ${body.totalCount} matches, ${body.users.length} on the page`);
      }

      console.log(`\n${CONCURRENCY} concurrent clients:`);
      const bases = { portal: bench.base, bare: bare.base };
      const me = await compare('/api/auth/me', (base) => `${base}/api/auth/me`, bases, cookie, ME_REQUESTS);
      const search = await compare('/api/user/read-many?search=', searchUrl, bases, cookie, SEARCH_REQUESTS);

      // One client at a time: the latency of a request without queueing behind 19 others.
      console.log('\n1 client (no queueing):');
      const meAlone = await measure({
        requests: 600,
        concurrency: 1,
        run: () => hit(`${bench.base}/api/auth/me`, cookie),
      });
      report('portal GET /api/auth/me', meAlone);
      const searchAlone = await measure({
        requests: 600,
        concurrency: 1,
        run: (i) => hit(searchUrl(bench.base, i), cookie),
      });
      report('portal GET /api/user/read-many?search=', searchAlone);

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
        const q = userListQueries(
          bench.knex,
          {
            page: 1,
            usersPerPage: 10,
            search: term,
            role: '',
            cityOrState: '',
            stripeStatus: '',
            scope: '',
            coach: '',
          },
          { community: false },
        );
        for (const [label, builder] of [
          ['counts', q.counts],
          ['page', q.page],
        ] as const) {
          const { sql, bindings } = builder.toSQL();
          const plan = await bench.knex.raw<{ rows: Array<{ 'QUERY PLAN': string }> }>(
            `explain (analyze, buffers off) ${sql}`,
            bindings,
          );
          const lines = plan.rows.map((r) => r['QUERY PLAN']);
          const scans = lines.filter((l) => /Scan|Sort|Limit/.test(l)).map((l) => l.trim().split('  (')[0]);
          const time = lines.find((l) => l.startsWith('Execution Time'));
          console.log(`  "${term}" ${label}: ${[...new Set(scans)].slice(0, 4).join(' > ')} | ${time}`);
        }
      }

      const meRatio = me.ratio;
      console.log('\ngoals:');
      console.log(
        `  portal /me >= 50% of bare throughput: ${(meRatio * 100).toFixed(0)}% -> ${meRatio >= 0.5 ? 'MET' : 'MISSED'}`,
      );
      const verdict = (ms: number) => `${ms.toFixed(1)} ms -> ${ms < 50 ? 'MET' : 'MISSED'}`;
      console.log(
        `  search over ${data.users} users p95 < 50 ms, ${CONCURRENCY} clients: ${verdict(search.portal.p95)}`,
      );
      console.log(`  search over ${data.users} users p95 < 50 ms, 1 client:  ${verdict(searchAlone.p95)}`);
      console.log(
        `  (load average while running: ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(', ')} on ${os.cpus().length} cores)`,
      );
    } finally {
      await bare.close();
    }
  } finally {
    await bench.close();
  }
}

await main();
