/**
 * Card reminders at scale on PostgreSQL (docs/areas/reminders.md): 10,000 cards on 100 members'
 * boards, all due within the same minute (so within the same hour), less than a day ahead.
 * - scheduling: the due dates set in board-write transactions of 100 cards each, with
 *   syncCardReminders (what every board write runs): jobs scheduled per second; and one card's due
 *   date through POST /card/upsert (p50/p95) next to the same upsert of a title only;
 * - delivery: two job runners (as two worker processes, 4 workers each) run the queue: every card
 *   gets `card_due_soon` at once and `card_overdue` at its moment; the time from the due moment to
 *   its notification (p50/p95/max), and from the last due moment to the last notification;
 * - a card move through the API (4 clients) with no reminder running, while the 10,000 overdue
 *   reminders are delivered, and the bare move (the same command and statement, no HTTP) in the
 *   same run, with the ratios.
 * The two runners are child processes (tests/bench/reminder-worker.ts), as worker instances are.
 * Prints figures; asserts nothing. Run: npm run bench -- reminders
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { hashPassword } from '../../api/src/core/password';
import { moveCard, syncCardReminders } from '../../api/src/features/board';
import { RESERVED_LIST_NAMES } from '../../shared/src/types/board';
import { CARDS_PER_LIST, seedBoard } from './board-data';
import {
  BENCH_SERVER_URL,
  insertBatches,
  jsonInit,
  measure,
  percentile,
  report,
  signInCookie,
  startBenchApp,
  type LatencyStats,
} from './lib';

const MEMBERS = Number(process.env.BENCH_REMINDER_MEMBERS ?? 100);
const CARDS_PER_MEMBER = Number(process.env.BENCH_REMINDER_CARDS ?? 100);
const TOTAL = MEMBERS * CARDS_PER_MEMBER;
const PASSWORD = 'bench-password-reminders';
const MOVE_CLIENTS = 4;

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

interface WorkerProcess {
  stop(): Promise<void>;
}

/** A `card-reminder` job runner in a child process, once it runs jobs. */
async function startWorkerProcess(databaseUrl: string): Promise<WorkerProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./reminder-worker.ts', import.meta.url))],
    {
      env: { ...process.env, BENCH_WORKER_DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('worker ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`reminder worker exited with ${code}: ${out}`)));
  });
  return {
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;

async function main(): Promise<void> {
  const app = await startBenchApp({ poolMax: 10 });
  const runners: WorkerProcess[] = [];
  try {
    const name = (await app.knex.raw<{ rows: Array<{ db: string }> }>('select current_database() as db')).rows[0]!.db;
    const url = withDatabase(BENCH_SERVER_URL, name);
    const hash = await hashPassword(PASSWORD);

    // 100 members, each with the seven lists and 100 cards in NOT STARTED.
    const memberIds = await insertBatches(
      app.knex,
      'users',
      Array.from({ length: MEMBERS }, (_, i) => ({
        full_name: `Reminder Member ${i}`,
        email: `reminder.member${i}@example.test`,
        password_hash: hash,
        role: 'premium',
        stripe_status: 'active',
        created_at: new Date('2024-06-01T12:00:00Z'),
      })),
    );
    await insertBatches(
      app.knex,
      'mtn_boards',
      memberIds.map((user_id) => ({ user_id })),
    );
    const lists = await insertBatches(
      app.knex,
      'mtn_lists',
      memberIds.flatMap((user_id) => RESERVED_LIST_NAMES.map((n, position) => ({ user_id, name: n, position }))),
    );
    const firstLists = memberIds.map((_, m) => lists[m * RESERVED_LIST_NAMES.length]!);
    const cardIds = await insertBatches(
      app.knex,
      'mtn_cards',
      firstLists.flatMap((list_id) =>
        Array.from({ length: CARDS_PER_MEMBER }, (_, i) => ({
          list_id,
          title: `Due card ${list_id}-${i}`,
          position: i,
        })),
      ),
    );

    // The mover: a board of 7 x 300 cards without due dates, moved through the API.
    const [mover] = await app
      .knex('users')
      .insert({
        full_name: 'Bench Mover',
        email: 'bench.mover@example.test',
        password_hash: hash,
        role: 'premium',
        stripe_status: 'active',
        created_at: new Date('2024-06-01T12:00:00Z'),
      })
      .returning<Array<{ id: number; full_name: string; role: string }>>(['id', 'full_name', 'role']);
    const board = await seedBoard(app.knex, mover!.id, mover!.id, false);
    const cookie = await signInCookie(app.base, 'bench.mover@example.test', PASSWORD);
    const where = new Map<number, number>();
    board.cardIds.forEach((ids, l) => ids.forEach((id) => where.set(id, board.listIds[l]!)));
    const moverCards = [...where.keys()];
    let seq = 0;
    const nextMove = () => {
      const cardId = moverCards[(seq * 37) % moverCards.length]!;
      const sourceListId = where.get(cardId)!;
      const destListId = board.listIds[(board.listIds.indexOf(sourceListId) + 1 + (seq % 6)) % board.listIds.length]!;
      seq += 1;
      return { cardId, sourceListId, destListId, positionOnDestList: seq % CARDS_PER_LIST };
    };
    const apiMove = async () => {
      const input = nextMove();
      const res = await fetch(`${app.base}/api/move-the-needle/card/move`, {
        ...jsonInit('POST', input),
        headers: { ...(jsonInit('POST', {}).headers as Record<string, string>), Cookie: cookie },
      });
      await res.arrayBuffer();
      if (res.status === 200) where.set(input.cardId, input.destListId);
      return res.status;
    };
    const actor = { id: mover!.id, fullName: mover!.full_name, role: mover!.role as 'premium' };
    const bareMove = async () => {
      const input = nextMove();
      await moveCard({ knex: app.knex, ownerId: mover!.id, actor }, input);
      where.set(input.cardId, input.destListId);
      return 200;
    };
    const moves = (run: () => Promise<number>, requests = 400) =>
      measure({ requests, concurrency: MOVE_CLIENTS, run: () => run() });

    const quietApi = await moves(apiMove);
    const quietBare = await moves(bareMove);
    report('move card, API, no reminders', quietApi);
    report('move card, bare command, no reminders', quietBare);

    // One card's due date through the API, next to the same upsert without one.
    const upsert = (body: Record<string, unknown>) => async () => {
      const res = await fetch(`${app.base}/api/move-the-needle/card/upsert`, {
        ...jsonInit('POST', body),
        headers: { ...(jsonInit('POST', {}).headers as Record<string, string>), Cookie: cookie },
      });
      await res.arrayBuffer();
      return res.status;
    };
    const someCard = moverCards[1]!;
    let flip = 0;
    const withDue = await measure({
      requests: 200,
      concurrency: 1,
      run: () =>
        upsert({ id: someCard, dueAt: new Date(Date.now() + 3 * 86_400_000 + (flip++ % 60) * 60_000).toISOString() })(),
    });
    const titleOnly = await measure({
      requests: 200,
      concurrency: 1,
      run: () => upsert({ id: someCard, title: `Renamed ${flip++}` })(),
    });
    report('card upsert with a due date (schedules 2)', withDue);
    report('card upsert of a title (no reminder)', titleOnly, { ratio: (withDue.p95 / titleOnly.p95).toFixed(2) });
    await upsert({ id: someCard, dueAt: null })();

    // Scheduling: all 10,000 due within one minute starting 90 s from now (less than a day ahead:
    // due soon at once, overdue at the moment), in board-write transactions of 100 cards.
    const dueStart = Date.now() + 90_000;
    const dueOf = (i: number) => new Date(dueStart + (i % 60) * 1000);
    const t0 = performance.now();
    for (let i = 0; i < cardIds.length; i += CARDS_PER_MEMBER) {
      const chunk = cardIds.slice(i, i + CARDS_PER_MEMBER);
      await app.knex.transaction(async (trx) => {
        await trx.raw(
          `update mtn_cards c set due_at = v.due_at
             from unnest(?::int[], ?::timestamptz[]) as v(id, due_at) where c.id = v.id`,
          [chunk, chunk.map((_, k) => dueOf(i + k).toISOString())],
        );
        await syncCardReminders(trx, chunk);
      });
    }
    const scheduleMs = performance.now() - t0;
    const kinds = (
      await app.knex.raw<{ rows: Array<{ kind: string; n: number }> }>(
        `select data->>'kind' as kind, count(*)::int as n from pgboss.job
          where name = 'card-reminder' and state in ('created', 'retry') group by 1`,
      )
    ).rows.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.kind]: r.n }), {});
    const expectSoon = kinds.card_due_soon ?? 0;
    const scheduled = expectSoon + (kinds.card_overdue ?? 0);
    console.log(
      `scheduling: ${scheduled} reminder jobs for ${TOTAL} cards in ${Math.round(scheduleMs)} ms ` +
        `(${Math.round((scheduled / scheduleMs) * 1000)} jobs/s, ${ms(scheduleMs / (TOTAL / CARDS_PER_MEMBER))} per 100-card write)`,
    );

    // Delivery: two runners of 4 workers each, each in its own process as worker instances run
    // (tests/bench/reminder-worker.ts); the moves go on meanwhile.
    const deliverStart = Date.now();
    for (let i = 0; i < 2; i += 1) runners.push(await startWorkerProcess(url));
    const counts = async () =>
      (
        await app.knex.raw<{ rows: Array<{ type: string; n: number }> }>(
          `select type, count(*)::int as n from notifications where type in ('card_due_soon', 'card_overdue') group by type`,
        )
      ).rows.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.type]: r.n }), {});
    let delivered = false;
    // Rounds of API moves alternate with rounds of the bare command, so both meet the same load
    // from the runners: their ratio says whether the move itself got slower, not just the machine.
    const busyMoves: LatencyStats[] = [];
    const busyBare: LatencyStats[] = [];
    const mover$ = (async () => {
      while (!delivered) {
        busyMoves.push(await moves(apiMove, 100));
        if (!delivered) busyBare.push(await moves(bareMove, 100));
      }
    })();
    let soonDoneAt = 0;
    const deadline = Date.now() + 10 * 60_000;
    for (;;) {
      const c = await counts();
      if (!soonDoneAt && (c.card_due_soon ?? 0) >= expectSoon) soonDoneAt = Date.now();
      if ((c.card_overdue ?? 0) >= TOTAL && soonDoneAt) break;
      if (Date.now() > deadline) {
        console.log(`delivery: not done after 10 minutes: ${JSON.stringify(c)}`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    delivered = true;
    await mover$;

    const lags = (
      await app.knex.raw<{ rows: Array<{ lag: number }> }>(
        `select extract(epoch from (n.created_at - c.due_at)) * 1000 as lag
           from notifications n join mtn_cards c on c.id = n.card_id
          where n.type = 'card_overdue' order by 1`,
      )
    ).rows.map((r) => Number(r.lag));
    const last = (
      await app.knex.raw<{ rows: Array<{ last_due: Date; last_note: Date }> }>(
        `select (select max(due_at) from mtn_cards where due_at is not null) as last_due,
                (select max(created_at) from notifications where type = 'card_overdue') as last_note`,
      )
    ).rows[0]!;
    const dupes = (
      await app.knex.raw<{ rows: Array<{ n: number }> }>(
        `select count(*)::int as n from (select card_id, type from notifications
          where type in ('card_due_soon', 'card_overdue') group by 1, 2 having count(*) > 1) d`,
      )
    ).rows[0]!.n;
    const final = await counts();
    console.log(
      `delivery: ${final.card_due_soon ?? 0} due-soon notifications, the last ${ms(soonDoneAt - deliverStart)} after the runners started; ` +
        `${final.card_overdue ?? 0} overdue; ${dupes} sent twice`,
    );
    console.log(
      `overdue: due moment to notification p50 ${ms(percentile(lags, 50))}, p95 ${ms(percentile(lags, 95))}, ` +
        `max ${ms(lags[lags.length - 1] ?? 0)}; last due moment to last notification ` +
        `${ms(new Date(last.last_note).getTime() - new Date(last.last_due).getTime())}`,
    );
    const all = busyMoves;
    const busyP95 = percentile(
      all.map((s) => s.p95).sort((a, b) => a - b),
      50,
    );
    const busyP50 = percentile(
      all.map((s) => s.p50).sort((a, b) => a - b),
      50,
    );
    const busyBareP95 = percentile(
      busyBare.map((s) => s.p95).sort((a, b) => a - b),
      50,
    );
    console.log(
      `move card, API, while reminders are delivered: ${all.length} rounds of 100, median p50 ${ms(busyP50)}, ` +
        `median p95 ${ms(busyP95)}; errors ${all.reduce((a, s) => a + s.errors, 0)}`,
    );
    console.log(
      `move card, bare command, while reminders are delivered: ${busyBare.length} rounds of 100, median p95 ${ms(busyBareP95)}`,
    );
    for (const r of runners.splice(0)) await r.stop();
    const afterApi = await moves(apiMove);
    const afterBare = await moves(bareMove);
    report('move card, API, after the reminders', afterApi);
    report('move card, bare command, after the reminders', afterBare);
    console.log(
      `ratios: move p95 while delivering / quiet ${(busyP95 / quietApi.p95).toFixed(2)}, ` +
        `after / quiet ${(afterApi.p95 / quietApi.p95).toFixed(2)}; ` +
        `API / bare in the same conditions: quiet ${(quietApi.p95 / quietBare.p95).toFixed(2)}, ` +
        `while delivering ${(busyP95 / busyBareP95).toFixed(2)}, after ${(afterApi.p95 / afterBare.p95).toFixed(2)}`,
    );
  } finally {
    for (const r of runners) await r.stop();
    await app.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
