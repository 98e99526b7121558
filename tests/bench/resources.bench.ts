/**
 * Resources benchmark: 3000 resources in 20 categories (a third For Sale, some hidden, required
 * tags, 300 owned by the member) on PostgreSQL; p50/p95 of the library's calls as a basic member
 * and as an admin, and the SQL statements each request runs (fixed: no N+1). Prints figures;
 * asserts nothing about time. Run: npm run bench -- resources
 */
import { hashPassword } from '../../api/src/core/password';
import { hit, insertBatches, measure, report, signInCookie, startBenchApp } from './lib';

const RESOURCES = 3000;
const CATEGORIES = 20;
const PASSWORD = 'bench-password-resources';
const VISIBILITIES = ['Free', 'For Sale', 'For Sale Premium', 'Included with Premium'] as const;

async function main() {
  const app = await startBenchApp();
  try {
    const hash = await hashPassword(PASSWORD);
    const users = await app
      .knex('users')
      .insert([
        {
          full_name: 'Bench Member',
          email: 'bench.member@example.test',
          password_hash: hash,
          role: 'basic',
          stripe_status: 'active',
        },
        {
          full_name: 'Bench Admin',
          email: 'bench.admin@example.test',
          password_hash: hash,
          role: 'admin',
          is_admin: true,
        },
      ])
      .returning<Array<{ id: number }>>('id');
    const memberId = users[0]!.id;
    const tags = await insertBatches(
      app.knex,
      'tags',
      Array.from({ length: 10 }, (_, i) => ({ name: `bench-tag-${i}` })),
    );
    await app.knex('user_tags').insert({ user_id: memberId, tag_id: tags[0]! });
    const cats = await insertBatches(
      app.knex,
      'categories',
      Array.from({ length: CATEGORIES }, (_, i) => ({ name: `Category ${i}` })),
    );
    const ids = await insertBatches(
      app.knex,
      'resources',
      Array.from({ length: RESOURCES }, (_, i) => {
        const visibility = VISIBILITIES[i % VISIBILITIES.length]!;
        return {
          title: i % 10 === 0 ? `Supplier guide ${i}` : `Resource ${i}`,
          description: `Description of resource ${i}: sourcing, launch and advertising notes.`,
          type: i % 3 === 0 ? 'Article' : 'Link',
          visibility,
          content: i % 3 === 0 ? `# Article ${i}\n\n${'Lorem ipsum dolor sit amet. '.repeat(40)}` : null,
          url: i % 3 === 0 ? null : `https://example.com/r/${i}`,
          price_cents: visibility.startsWith('For Sale') ? 1000 + i : null,
          hidden: i % 50 === 0,
          created_at: new Date(Date.now() - i * 60_000),
        };
      }),
    );
    const pairs = new Map<string, { resource_id: number; category_id: number }>();
    ids.forEach((id, i) => {
      for (const c of [cats[i % CATEGORIES]!, cats[(i * 7 + 3) % CATEGORIES]!])
        pairs.set(`${id}:${c}`, { resource_id: id, category_id: c });
    });
    const links = [...pairs.values()];
    for (let i = 0; i < links.length; i += 1000) await app.knex('resource_categories').insert(links.slice(i, i + 1000));
    await app
      .knex('resource_tags')
      .insert(ids.filter((_, i) => i % 5 === 0).map((id, i) => ({ resource_id: id, tag_id: tags[i % 10]! })));
    await app
      .knex('user_resources')
      .insert(
        ids.filter((_, i) => i % 10 === 1).map((id) => ({ user_id: memberId, resource_id: id, source: 'purchase' })),
      );
    await app.knex.raw('ANALYZE');
    const member = await signInCookie(app.base, 'bench.member@example.test', PASSWORD);
    const admin = await signInCookie(app.base, 'bench.admin@example.test', PASSWORD);

    const cases: Array<[string, string, string]> = [
      ['read-many (1000, member)', '/api/resource/read-many', member],
      ['read-many (1000, admin)', '/api/resource/read-many', admin],
      [
        'read-many search+2 categories (member)',
        `/api/resource/read-many?search=guide&categories=${cats[0]}&categories=${cats[3]}`,
        member,
      ],
      ['read-many my-purchases (member)', '/api/resource/read-many?type=my-purchases', member],
      ['read-many dashboard 15 (member)', '/api/resource/read-many?itemsPerPage=15', member],
      ['resource by id (member)', `/api/resource/${ids[3]}`, member],
      ['category read-many (member)', '/api/resource/category/read-many', member],
    ];
    for (const [name, path, cookie] of cases) {
      const first = await fetch(`${app.base}${path}`, { headers: { Cookie: cookie } });
      const body = await first.text();
      const queries = await app.countQueries(() => hit(`${app.base}${path}`, cookie));
      const heavy = path === '/api/resource/read-many';
      const stats = await measure({
        requests: heavy ? 100 : 400,
        concurrency: heavy ? 4 : 8,
        run: () => hit(`${app.base}${path}`, cookie),
      });
      report(name, stats, { queries, KiB: (body.length / 1024).toFixed(0) });
    }
  } finally {
    await app.close();
  }
}

await main();
