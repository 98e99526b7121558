/**
 * The card move with and without the job queue at work, in the same run, on PostgreSQL
 * (docs/areas/jobs.md): the move's latency at 1 client (a) with no queue worker in the process, (b)
 * with 4 queue workers running and timers on while 8 callers keep enqueueing no-op jobs into a
 * queue, (c) with no worker again. Workers share the database with the moves (their polling,
 * fetch, start and complete statements), which is what could slow a move down.
 * Prints figures; asserts nothing. Run: npm run bench -- move-queue
 */
import { createLogger } from '../../api/src/core/logger';
import { hashPassword } from '../../api/src/core/password';
import { enqueue, startJobRunner, type JobRunner } from '../../api/src/core/queue';
import { CARDS_PER_LIST, seedBoard } from './board-data';
import { BENCH_SERVER_URL, jsonInit, measure, report, signInCookie, startBenchApp } from './lib';

const PASSWORD = 'bench-password-move-queue';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const log = createLogger('silent');

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function main(): Promise<void> {
  const app = await startBenchApp();
  const runners: JobRunner[] = [];
  let producing = false;
  let produced = 0;
  let ran = 0;
  try {
    const name = (await app.knex.raw<{ rows: Array<{ db: string }> }>('select current_database() as db')).rows[0]!.db;
    const url = withDatabase(BENCH_SERVER_URL, name);
    const [owner] = await app
      .knex('users')
      .insert({
        full_name: 'Bench Mover',
        email: 'bench.mover@example.test',
        password_hash: await hashPassword(PASSWORD),
        role: 'premium',
        stripe_status: 'active',
        created_at: new Date('2024-06-01T12:00:00Z'),
      })
      .returning<Array<{ id: number }>>('id');
    const board = await seedBoard(app.knex, owner!.id, owner!.id, false);
    const cookie = await signInCookie(app.base, 'bench.mover@example.test', PASSWORD);
    const where = new Map<number, number>();
    board.cardIds.forEach((ids, l) => ids.forEach((id) => where.set(id, board.listIds[l]!)));
    const cards = [...where.keys()];
    let seq = 0;
    const move = async () => {
      const cardId = cards[(seq * 37) % cards.length]!;
      const source = where.get(cardId)!;
      const dest = board.listIds[(board.listIds.indexOf(source) + 1 + (seq % 6)) % board.listIds.length]!;
      seq += 1;
      const res = await fetch(`${app.base}/api/move-the-needle/card/move`, {
        ...jsonInit('POST', {
          cardId,
          sourceListId: source,
          destListId: dest,
          positionOnDestList: seq % CARDS_PER_LIST,
        }),
        headers: { ...(jsonInit('POST', {}).headers as Record<string, string>), Cookie: cookie },
      });
      await res.arrayBuffer();
      if (res.status === 200) where.set(cardId, dest);
      return res.status;
    };
    const run = () => measure({ requests: REQUESTS, concurrency: 1, run: () => move() });

    report('move card, 1 client, no queue worker', await run());

    // The queue at work: 4 workers with timers on, 8 callers enqueueing no-op jobs all along.
    for (let i = 0; i < 4; i += 1) {
      runners.push(
        await startJobRunner({
          knex: app.knex,
          databaseUrl: url,
          handlers: {
            'stripe-sync': () => {
              ran += 1;
              return Promise.resolve();
            },
          },
          log,
          timers: i === 0,
        }),
      );
    }
    producing = true;
    const producers = Array.from({ length: 8 }, async () => {
      while (producing) {
        await enqueue(app.knex, 'stripe-sync', { n: produced });
        produced += 1;
      }
    });
    const busy = await run();
    producing = false;
    await Promise.all(producers);
    report('move card, 1 client, queue at work', busy, { 'jobs enqueued': produced, 'jobs run': ran });
    for (const r of runners.splice(0)) await r.stop(5_000);

    report('move card, 1 client, no queue worker again', await run());
  } finally {
    producing = false;
    for (const r of runners) await r.stop(5_000);
    await app.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
