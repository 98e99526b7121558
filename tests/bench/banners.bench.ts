/**
 * Dashboard banners and AI Toolkit benchmark on PostgreSQL: p50/p95 and SQL statements per request
 * of the banner reads every dashboard makes, the admin's save, and GET /api/ai-tools; then the
 * content feed adapter against a local feed of 200 tools, cold (every call reads the feed) and
 * cached. Prints figures; asserts nothing about time. Run: npm run bench -- banners
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { hashPassword } from '../../api/src/core/password';
import { createContentFeed, loadAiToolsConfig } from '../../api/src/adapters/content-feed';
import { hit, jsonInit, measure, report, signInCookie, startBenchApp } from './lib';

const PASSWORD = 'bench-password-banners';
const TOOLS = 200;

async function account(knex: import('knex').Knex, email: string, role: string, tagIds: number[] = []) {
  const [row] = await knex('users')
    .insert({
      full_name: email,
      email,
      password_hash: await hashPassword(PASSWORD),
      role,
      is_admin: role === 'admin',
      stripe_status: 'active',
    })
    .returning<Array<{ id: number }>>('id');
  if (tagIds.length) await knex('user_tags').insert(tagIds.map((tag_id) => ({ user_id: row!.id, tag_id })));
}

async function main() {
  const app = await startBenchApp();
  try {
    const [tag] = await app.knex('tags').insert({ name: 'aitoolkit' }).returning<Array<{ id: number }>>('id');
    await account(app.knex, 'bench.admin@example.test', 'admin');
    await account(app.knex, 'bench.premium@example.test', 'premium', [tag!.id]);
    const admin = await signInCookie(app.base, 'bench.admin@example.test', PASSWORD);
    const premium = await signInCookie(app.base, 'bench.premium@example.test', PASSWORD);
    const banner = (i: number) => ({
      type: 'premium',
      title: `Premium news ${i}`,
      content: `## This month\n\n- item one\n- item **two**\n\n${'Lorem ipsum dolor sit amet. '.repeat(40)}`,
      video_url: 'https://www.youtube.com/watch?v=qp0HIF3SfI4',
      button_text: 'Book a call',
      button_url: 'https://calendly.com/',
      average_shipping_rate: 4.85,
    });
    for (const type of ['basic', 'course only']) {
      await hit(
        `${app.base}/api/dashboard-banner`,
        admin,
        jsonInit('POST', { ...banner(0), type, average_shipping_rate: null }),
      );
    }
    await hit(`${app.base}/api/dashboard-banner`, admin, jsonInit('POST', banner(0)));

    const readOne = () => hit(`${app.base}/api/dashboard-banner/premium`, premium);
    const readMany = () => hit(`${app.base}/api/dashboard-banner/read-many`, admin);
    const save = (i: number) => hit(`${app.base}/api/dashboard-banner`, admin, jsonInit('POST', banner(i)));
    const tools = () => hit(`${app.base}/api/ai-tools`, premium);
    const q = {
      readOne: await app.countQueries(readOne),
      readMany: await app.countQueries(readMany),
      save: await app.countQueries(() => save(1)),
      tools: await app.countQueries(tools),
    };
    report('GET banner (premium member), 1 client', await measure({ requests: 400, concurrency: 1, run: readOne }), {
      queries: q.readOne,
    });
    report('GET banner (premium member), 8 clients', await measure({ requests: 800, concurrency: 8, run: readOne }), {
      queries: q.readOne,
    });
    report('GET read-many (admin), 4 clients', await measure({ requests: 400, concurrency: 4, run: readMany }), {
      queries: q.readMany,
    });
    report('POST banner upsert (admin), 1 client', await measure({ requests: 200, concurrency: 1, run: save }), {
      queries: q.save,
    });
    report('POST banner upsert (admin), 4 clients', await measure({ requests: 200, concurrency: 4, run: save }), {
      queries: q.save,
    });
    report('GET ai-tools (built-in list), 4 clients', await measure({ requests: 400, concurrency: 4, run: tools }), {
      queries: q.tools,
    });
  } finally {
    await app.close();
  }

  // The content feed adapter against a local feed of TOOLS tools (no database involved).
  const body = JSON.stringify({
    Contents: Array.from({ length: TOOLS }, (_, i) => ({
      title: `Tool number ${i}`,
      featuredImage: { url: `https://images.example.com/${i}.png` },
      descriptionPlain: 'Helps sellers with one thing. '.repeat(5),
      ctaBtnUrl: `https://www.chatbase.co/chatbot-iframe/tool-${i}`,
      Keywords: [{ title: `Tag ${i % 12}` }, { title: `Group ${i % 5}` }, ...(i % 10 === 0 ? [{ title: 'New' }] : [])],
    })),
  });
  let feedHits = 0;
  const server = http.createServer((_req, res) => {
    feedHits += 1;
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed`;
  try {
    console.log(`feed: ${TOOLS} tools, ${(body.length / 1024).toFixed(0)} KiB`);
    const cold = createContentFeed({
      ...loadAiToolsConfig({ AI_TOOLS_FEED_URL: url }),
      cacheSeconds: 0,
      staleSeconds: 0,
    });
    const run = (feed: typeof cold) => async () => ((await feed.aiTools()).tools.length === TOOLS ? 200 : 500);
    report(
      'feed read + normalise (no cache), 1 caller',
      await measure({ requests: 200, concurrency: 1, run: run(cold) }),
    );
    feedHits = 0;
    const cached = createContentFeed(loadAiToolsConfig({ AI_TOOLS_FEED_URL: url }));
    report('feed cached (300 s), 8 callers', await measure({ requests: 4000, concurrency: 8, run: run(cached) }), {
      'feed requests': feedHits,
    });
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

await main();
