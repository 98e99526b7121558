/**
 * `npx tsx tests/bench/users-explain.ts [term ...]`: generates the 100,000 users of the issue-2
 * benchmark on a fresh PostgreSQL database and prints EXPLAIN ANALYZE of the user search queries
 * (the counts and the page) for each term, to check which indexes the planner uses.
 */
import { userListQueries } from '../../api/src/features/users/service';
import { startBenchApp } from './lib';
import { generateUsers } from './users-data';

const terms = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['smith', 'jen', 'olivia.g', 'maria lopez', 'zzyzx'];
const bench = await startBenchApp({ poolMax: 2 });
try {
  const data = await generateUsers(bench.knex);
  console.log(`generated ${data.users} users in ${data.seconds.toFixed(1)} s`);
  for (const term of terms) {
    const q = userListQueries(
      bench.knex,
      { page: 1, usersPerPage: 10, search: term, role: '', cityOrState: '', stripeStatus: '', scope: '', coach: '' },
      { community: false },
    );
    for (const [label, builder] of [
      ['counts', q.counts],
      ['page', q.page],
    ] as const) {
      const { sql, bindings } = builder.toSQL();
      const plan = await bench.knex.raw<{ rows: Array<{ 'QUERY PLAN': string }> }>(
        `explain (analyze, buffers) ${sql}`,
        bindings,
      );
      console.log(`\n--- "${term}" ${label}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
  }
} finally {
  await bench.close();
}
