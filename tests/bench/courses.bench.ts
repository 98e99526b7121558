/**
 * Courses benchmark (docs/areas/courses.md): 100 courses x 10 modules x 20 lessons (20,000 lessons of about 2 KB
 * of markdown) with completions for 1,000 members, generated in the database with INSERT ...
 * SELECT generate_series. Measures GET /api/course/read-many without and with a search, and
 * GET /api/course/{slug}, printing p50/p95 and the SQL statements per request.
 * Run: npm run bench -- courses
 */
import { pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import { hashPassword } from '../../api/src/core/password';
import { hit, measure, report, signInCookie, startBenchApp } from './lib';

const COURSES = 100;
const MODULES_PER_COURSE = 10;
const LESSONS_PER_MODULE = 20;
const MEMBERS = 1000;
const PASSWORD = 'bench-password-123';

/** The words lessons are written from; each lesson also names one of 500 "topicN" words. */
const WORD_LIST = `supplier profit margin listing keyword launch inventory shipping freight customs sample
factory quality review rating ranking campaign budget bid advertising promotion coupon bundle brand
storefront packaging label barcode warehouse returns pricing forecast reorder velocity conversion
traffic audience niche competitor`.split(/\s+/);
const WORDS = WORD_LIST.map((w) => `'${w}'`).join(',');
const N = WORD_LIST.length;

export async function generate(db: Knex): Promise<void> {
  const hash = await hashPassword(PASSWORD);
  await db.transaction(async (knex) => {
    // Bulk generation runs longer than the API's 15 s statement timeout on a busy machine.
    await knex.raw('set local statement_timeout = 0');
    await fill(knex, hash);
  });
  await db.raw('vacuum analyze');
}

async function fill(knex: Knex.Transaction, hash: string): Promise<void> {
  await knex.raw(`insert into tags (name) select 'Bench tag ' || g from generate_series(1, 5) g`);
  await knex.raw(
    `insert into users (full_name, email, password_hash, role, stripe_status)
     select 'Member ' || g, 'member' || g || '@bench.test', ?, case when g % 3 = 0 then 'premium' else 'basic' end, 'active'
     from generate_series(1, ?) g`,
    [hash, MEMBERS],
  );
  await knex.raw(
    `insert into users (full_name, email, password_hash, role, is_admin) values ('Bench Admin', 'admin@bench.test', ?, 'admin', true)`,
    [hash],
  );
  await knex.raw(
    `insert into courses (title, slug, description, status, visible_to_basic, visible_to_premium, position)
     select 'Course ' || g, 'course-' || g, 'What course ' || g || ' teaches about selling online.',
       case when g % 10 = 0 then 'DRAFT' else 'PUBLISHED' end, g % 4 <> 0, true, g
     from generate_series(1, ?) g`,
    [COURSES],
  );
  await knex.raw(`insert into course_tags (course_id, tag_id) select c.id, 1 from courses c where c.position % 7 = 0`);
  await knex.raw(
    `insert into modules (title, course_id, position, visible_to_basic, visible_to_premium)
     select 'Module ' || m || ' of ' || c.title, c.id, m, m % 5 <> 0, true
     from courses c cross join generate_series(1, ?) m`,
    [MODULES_PER_COURSE],
  );
  // ~2 KB of markdown per lesson: a heading, one of 1,000 generated paragraphs of 280 words, and a
  // rare "topicN" word (each of 500 topics is in 40 lessons).
  await knex.raw(
    `create temp table bench_paragraphs as
     select p, (select string_agg((array[${WORDS}])[1 + ((p * 31 + s * 7 + (s * s) % 13) % ${N})], ' ')
                from generate_series(1, 280) s) as body
     from generate_series(0, 999) p`,
  );
  await knex.raw(
    `insert into lessons (title, content, module_id, position)
     select 'Lesson ' || g || ': ' || (array[${WORDS}])[1 + (mo.id * 7 + g) % ${N}] || ' basics',
       '## Lesson ' || g || E'\\n\\n' || bp.body ||
       E'\\n\\nThis lesson covers topic' || ((mo.id * ? + g) % 500) || E'.\\n\\n- [ ] Do the exercise\\n',
       mo.id, g
     from modules mo cross join generate_series(1, ?) g
     join bench_paragraphs bp on bp.p = (mo.id * ? + g) % 1000`,
    [LESSONS_PER_MODULE, LESSONS_PER_MODULE, LESSONS_PER_MODULE],
  );
  await knex.raw(`insert into lesson_tags (lesson_id, tag_id) select id, 2 from lessons where id % 50 = 0`);
  // Each member has completed one lesson in twenty: 1,000 completions each, a million in all.
  await knex.raw(
    `insert into lesson_completions (user_id, lesson_id)
     select u.id, l.id from users u join lessons l on (l.id + u.id) % 20 = 0 where u.email like 'member%'`,
  );
}

async function main(): Promise<void> {
  const app = await startBenchApp({ poolMax: 10 });
  try {
    const t0 = performance.now();
    await generate(app.knex);
    const counts = (
      await app.knex.raw<{ rows: Array<Record<string, number>> }>(
        `select (select count(*) from courses)::int as courses, (select count(*) from modules)::int as modules,
           (select count(*) from lessons)::int as lessons, (select avg(length(content))::int from lessons) as avg_bytes,
           (select count(*) from lesson_completions)::int as completions`,
      )
    ).rows[0]!;
    console.log(
      `data: ${counts.courses} courses, ${counts.modules} modules, ${counts.lessons} lessons (~${counts.avg_bytes} B each), ` +
        `${counts.completions} completions for ${MEMBERS} members, generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const basic = await signInCookie(app.base, 'member1@bench.test', PASSWORD);
    const premium = await signInCookie(app.base, 'member3@bench.test', PASSWORD);
    const admin = await signInCookie(app.base, 'admin@bench.test', PASSWORD);

    const cases: Array<[string, string, string]> = [
      ['read-many (basic, no search)', '/api/course/read-many', basic],
      ['read-many (admin, no search)', '/api/course/read-many', admin],
      ['read-many search "topic42" (40 lessons)', '/api/course/read-many?search=topic42', basic],
      ['read-many search "supplier" (most lessons)', '/api/course/read-many?search=supplier', premium],
      ['read-many search "freight customs"', '/api/course/read-many?search=freight%20customs', basic],
      ['GET /api/course/course-1 (200 lessons)', '/api/course/course-1', premium],
      ['GET /api/course/course-1?search=supplier', '/api/course/course-1?search=supplier', premium],
    ];
    for (const [name, path, cookie] of cases) {
      const res = await fetch(app.base + path, { headers: { Cookie: cookie } });
      const bytes = (await res.arrayBuffer()).byteLength;
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      const queries = await app.countQueries(() => hit(app.base + path, cookie));
      // One client: the latency of a request; four: how it holds up with the 2 cores shared.
      for (const concurrency of [1, 4]) {
        const run = () => hit(app.base + path, cookie);
        const stats = await measure({ requests: 200, concurrency, warmup: 20, run });
        report(name, stats, { queries, KB: (bytes / 1024).toFixed(0) });
      }
    }
  } finally {
    await app.close();
  }
}

// Run when executed (npm run bench); importing the file (to reuse the data generator) runs nothing.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
