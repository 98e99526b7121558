/**
 * Live events benchmark (docs/areas/live.md) on PostgreSQL: 500 open event streams on one instance (50
 * of them viewers of one board of 2,100 rich cards, 450 watching another board), a card move fanned
 * out to the 50 viewers, and what a stream costs. Prints the time from the move's answer (after its
 * commit: a lower bound) and from the move's request (an upper bound) to the 50th viewer's event,
 * memory per open stream (server and client sides share this process, so it is an upper bound for
 * the server), and card move latency at 1 client with no stream open vs 500 open. Asserts nothing.
 * Run: npm run bench -- live
 */
import http from 'node:http';
import { hashPassword } from '../../api/src/core/password';
import { CARDS_PER_LIST, seedBoard } from './board-data';
import { jsonInit, measure, percentile, report, signInCookie, startBenchApp } from './lib';

const PASSWORD = 'bench-password-live';
const VIEWERS = 50;
const STREAMS = 500;
const MOVES = 60;
const streamAgent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const callAgent = new http.Agent({ keepAlive: true, maxSockets: 8 });

interface Viewer {
  /** Resolves at the arrival of the next `board` event whose data contains `needle`. */
  waitFor(needle: string): Promise<number>;
  close(): void;
}

function openStream(base: string, path: string, cookie: string): Promise<Viewer> {
  return new Promise((resolve, reject) => {
    let waiting: { needle: string; done: (t: number) => void } | null = null;
    let tail = '';
    const req = http.get(`${base}${path}`, { agent: streamAgent, headers: { Cookie: cookie } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const now = performance.now();
        tail = (tail + chunk).slice(-4096);
        if (waiting && tail.includes(waiting.needle)) {
          const w = waiting;
          waiting = null;
          tail = '';
          w.done(now);
        }
      });
      resolve({
        waitFor: (needle) => new Promise((done) => (waiting = { needle, done })),
        close: () => req.destroy(),
      });
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'ECONNRESET') reject(err);
    });
  });
}

function post(url: string, cookie: string, body: unknown): Promise<number> {
  const init = jsonInit('POST', body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', agent: callAgent, headers: { ...(init.headers as Record<string, string>), Cookie: cookie } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(init.body as string);
  });
}

const mb = (n: number) => (n / 1024 / 1024).toFixed(1);

async function main() {
  const app = await startBenchApp({ poolMax: 10 });
  const open: Viewer[] = [];
  try {
    const hash = await hashPassword(PASSWORD);
    const users = await app
      .knex('users')
      .insert(
        [
          ['bench.owner@example.test', 'premium'],
          ['bench.other@example.test', 'premium'],
          ['bench.coach@example.test', 'coach'],
        ].map(([email, role], i) => ({
          full_name: `Bench ${i}`,
          email,
          password_hash: hash,
          role,
          stripe_status: 'active',
          created_at: new Date('2024-06-01T12:00:00Z'),
        })),
      )
      .returning<Array<{ id: number }>>('id');
    const [owner, other] = [users[0]!.id, users[1]!.id];
    const main = await seedBoard(app.knex, owner, owner, true);
    await seedBoard(app.knex, other, other, false);
    const ownerCookie = await signInCookie(app.base, 'bench.owner@example.test', PASSWORD);
    const otherCookie = await signInCookie(app.base, 'bench.other@example.test', PASSWORD);
    const coachCookie = await signInCookie(app.base, 'bench.coach@example.test', PASSWORD);

    const where = new Map<number, number>();
    main.cardIds.forEach((ids, l) => ids.forEach((id) => where.set(id, main.listIds[l]!)));
    const cards = [...where.keys()];
    let seq = 0;
    const move = async () => {
      const cardId = cards[(seq * 37) % cards.length]!;
      const source = where.get(cardId)!;
      const dest = main.listIds[(main.listIds.indexOf(source) + 1 + (seq % 6)) % main.listIds.length]!;
      seq += 1;
      const status = await post(`${app.base}/api/move-the-needle/card/move`, ownerCookie, {
        cardId,
        sourceListId: source,
        destListId: dest,
        positionOnDestList: seq % CARDS_PER_LIST,
      });
      if (status === 200) where.set(cardId, dest);
      return { status, cardId, dest };
    };

    report(
      'move card, 1 client, no stream open',
      await measure({ requests: 200, concurrency: 1, run: async () => (await move()).status }),
    );

    global.gc?.();
    const before = process.memoryUsage();
    const t0 = performance.now();
    for (let i = 0; i < STREAMS - VIEWERS; i++)
      open.push(await openStream(app.base, `/api/events?board=${other}`, otherCookie));
    const viewers: Viewer[] = [];
    for (let i = 0; i < VIEWERS; i++)
      viewers.push(await openStream(app.base, `/api/events?board=${owner}`, coachCookie));
    open.push(...viewers);
    const opened = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 500));
    global.gc?.();
    const after = process.memoryUsage();
    console.log(
      `${STREAMS} streams opened in ${(opened / 1000).toFixed(1)} s; memory per open stream (server + client in this process): ` +
        `heap ${((after.heapUsed - before.heapUsed) / STREAMS / 1024).toFixed(1)} KiB, rss ${((after.rss - before.rss) / STREAMS / 1024).toFixed(1)} KiB ` +
        `(heap ${mb(before.heapUsed)} -> ${mb(after.heapUsed)} MiB${global.gc ? '' : ', without --expose-gc'})`,
    );

    const fromAnswer: number[] = [];
    const fromRequest: number[] = [];
    for (let i = 0; i < MOVES; i++) {
      const cardId = cards[(seq * 37) % cards.length]!;
      const needle = `"id":${cardId},`;
      const arrivals = Promise.all(viewers.map((v) => v.waitFor(needle)));
      const started = performance.now();
      const r = await move();
      const answered = performance.now();
      if (r.status !== 200 || r.cardId !== cardId) throw new Error(`move answered ${r.status}`);
      const last = Math.max(...(await arrivals));
      fromAnswer.push(Math.max(0, last - answered));
      fromRequest.push(last - started);
    }
    fromAnswer.sort((a, b) => a - b);
    fromRequest.sort((a, b) => a - b);
    console.log(
      `move fanned out to ${VIEWERS} viewers (of ${STREAMS} open streams), ${MOVES} moves: last viewer's event ` +
        `after the move's answer p50 ${percentile(fromAnswer, 50).toFixed(1)} ms p95 ${percentile(fromAnswer, 95).toFixed(1)} ms; ` +
        `after its request p50 ${percentile(fromRequest, 50).toFixed(1)} ms p95 ${percentile(fromRequest, 95).toFixed(1)} ms`,
    );

    report(
      `move card, 1 client, ${STREAMS} streams open (${VIEWERS} on this board)`,
      await measure({ requests: 200, concurrency: 1, run: async () => (await move()).status }),
    );
    const moveQueries = await app.countQueries(() => move());
    console.log(`SQL statements per move (the event's publish included): ${moveQueries}`);
  } finally {
    for (const v of open) v.close();
    streamAgent.destroy();
    callAgent.destroy();
    await app.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
