import { openDatabase } from '../../api/src/db/knex';
import { readCatalog } from '../../api/src/features/courses/catalog';
import { readCourseDetail } from '../../api/src/features/courses/detail';
import { courseAudience } from '../../shared/src/policies/courses';
const db = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/c3_analysis', dataDir: 'memory' });
const k = db.knex;
const user = (await k.raw(`select id from users where email = 'member1@bench.test'`)).rows[0];
const principal = { id: user.id, role: 'basic' as const, isAdmin: false, createdAt: '2024-01-01', stripeStatus: 'active', alwaysGrantAccess: false, Tags: [] };
const aud = courseAudience(principal);
const captured: Array<{ sql: string; bindings: unknown[] }> = [];
k.on('query', (q: { sql: string; bindings: unknown[] }) => captured.push(q));
const which = process.argv[2] ?? 'list';
if (which === 'list') await readCatalog(k, aud, { search: '', itemsPerPage: 1000 });
if (which === 'search') await readCatalog(k, aud, { search: process.argv[3] ?? 'supplier', itemsPerPage: 1000 });
if (which === 'detail') await readCourseDetail(k, aud, 'course-1', '');
k.removeAllListeners('query');
for (const q of captured) {
  const t0 = performance.now();
  const plan = await k.raw(`explain (analyze, buffers) ${q.sql.replace(/\$\d+/g, "?")}`, q.bindings as never);
  const lines = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']);
  console.log('-----', (performance.now() - t0).toFixed(1), 'ms');
  console.log(lines.filter((l: string) => /Time|Seq Scan|Nested Loop|Hash Join|Index|Sort|rows=/.test(l)).slice(0, 80).join('\n'));
}
await db.close();
