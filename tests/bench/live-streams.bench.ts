/**
 * Live stream limits benchmark on PostgreSQL (docs/areas/live.md, "Limits"): the real server as its
 * own process, so its memory is its own. 500 open event streams: 490 that read, on one member's
 * board (49 coaches with 10 streams each), and 10 of a 50th coach that never read, on a second,
 * busy board. For BENCH_SECONDS (default 60) the member edits a card's title, and the busy board
 * gets large events (16 KB every 20 ms, published in the database as a write publishes them, at a
 * rate a busy board could), while the server's RSS is sampled. Prints the
 * memory per open stream, the RSS over time, when the paused streams were dropped, and the RSS
 * after that against the RSS at the end: flat once the paused ones are gone. Asserts nothing.
 * Run: npm run bench -- live-streams
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { hashPassword } from '../../api/src/core/password';
import { publishEvent } from '../../api/src/features/live';
import { freePort, run, serverEnvironment } from '../helpers/server-process';
import { seedBoard } from './board-data';
import { BENCH_SERVER_URL, jsonInit, signInCookie } from './lib';

const PASSWORD = 'bench-password-streams';
const READERS = 49;
const PER_USER = 10;
const PAUSED = Number(process.env.BENCH_PAUSED ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
/** Besides the title edits, a large board event (a reset-sized change) every 20 ms, published as a write would. */
const LARGE_EVENT_BYTES = 16 * 1024;
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

const rssOf = (pid: number) => {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.replace(/\D+/g, '')) * 1024;
};
const mib = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MiB`;

function openReader(base: string, path: string, cookie: string): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { agent, headers: { Cookie: cookie } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      res.resume(); // reads and drops everything
      resolve(() => req.destroy());
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'ECONNRESET') reject(err);
    });
  });
}

/** A stream whose client reads the response head and then nothing more; resolves its socket. */
async function openPaused(port: number, path: string, cookie: string): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((r) => socket.once('connect', () => r()));
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n\r\n`);
  const head = await new Promise<string>((r) => socket.once('data', (d: Buffer) => r(d.toString('utf8'))));
  if (!head.startsWith('HTTP/1.1 200')) throw new Error(`paused stream answered ${head.split('\r\n')[0]}`);
  socket.pause();
  return socket;
}

function post(url: string, cookie: string, body: unknown): Promise<number> {
  const init = jsonInit('POST', body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', agent, headers: { ...(init.headers as Record<string, string>), Cookie: cookie } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(init.body as string);
  });
}

async function main() {
  process.env.TEST_DATABASE_URL ??= BENCH_SERVER_URL;
  const port = await freePort();
  const environment = await serverEnvironment(port);
  const knex = environment.knex!;
  const base = `http://127.0.0.1:${port}`;
  const server = run(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
    ...environment.env,
    QUIET: process.env.BENCH_LOG ? 'false' : 'true',
  });
  const closers: Array<() => void> = [];
  const paused: net.Socket[] = [];
  try {
    await server.waitFor(/Portal running on/);
    const pid = server.child.pid!;
    const hash = await hashPassword(PASSWORD);
    const people = [
      { email: 'streams.member@example.test', role: 'premium' },
      { email: 'streams.busy@example.test', role: 'premium' },
      ...Array.from({ length: READERS + 1 }, (_, i) => ({ email: `streams.coach${i}@example.test`, role: 'coach' })),
    ];
    const ids = await knex('users')
      .insert(
        people.map((p, i) => ({
          full_name: `Streams ${i}`,
          email: p.email,
          password_hash: hash,
          role: p.role,
          stripe_status: 'active',
          created_at: new Date('2024-06-01T12:00:00Z'),
        })),
      )
      .returning<Array<{ id: number }>>('id');
    const member = ids[0]!.id;
    const busy = ids[1]!.id;
    const board = await seedBoard(knex, member, member, false);
    await seedBoard(knex, busy, busy, false);
    const cardId = board.cardIds[0]![0]!;
    const cookies = [];
    for (const p of people) cookies.push(await signInCookie(base, p.email, PASSWORD));
    const [memberCookie, , ...coachCookies] = cookies as [string, string, ...string[]];

    const rssBefore = rssOf(pid);
    const path = `/api/events?board=${member}`;
    for (let c = 0; c < READERS; c++)
      for (let i = 0; i < PER_USER; i++) closers.push(await openReader(base, path, coachCookies[c]!));
    // The paused ones watch another board, which gets the large events too.
    const busyPath = `/api/events?board=${busy}`;
    for (let i = 0; i < PAUSED; i++) paused.push(await openPaused(port, busyPath, coachCookies[READERS]!));
    await new Promise((r) => setTimeout(r, 1000));
    const rssOpen = rssOf(pid);
    const streams = READERS * PER_USER + PAUSED;
    console.log(
      `${streams} open streams (${PAUSED} paused): server RSS ${mib(rssBefore)} -> ${mib(rssOpen)}, ` +
        `${((rssOpen - rssBefore) / streams / 1024).toFixed(1)} KiB per open stream`,
    );

    const dropped: number[] = [];
    const t0 = performance.now();
    // A paused socket does not read, so it does not notice the server's close either; the kernel
    // does: its connection leaves the established ones (reset, or CLOSE-WAIT after a FIN), and `ss` tells.
    const pausedPorts = new Set(paused.map((s) => s.localPort ?? 0));
    const watcher = setInterval(() => {
      const out = execFileSync('ss', ['-Htn', 'state', 'established', `( dport = :${port} )`]).toString();
      const alive = new Set([...out.matchAll(/127\.0\.0\.1:(\d+)\s+127\.0\.0\.1:/g)].map((m) => Number(m[1])));
      for (const local of [...pausedPorts]) {
        if (alive.has(local)) continue;
        pausedPorts.delete(local);
        dropped.push((performance.now() - t0) / 1000);
      }
    }, 1000);
    const samples: Array<{ s: number; rss: number; writes: number }> = [];
    let writes = 0;
    let failed = 0;
    const title = (n: number) => `Edited title ${n} `.padEnd(200, 'x');
    const sampler = setInterval(
      () => samples.push({ s: (performance.now() - t0) / 1000, rss: rssOf(pid), writes }),
      5_000,
    );
    const deadline = t0 + SECONDS * 1000;
    const writer = async () => {
      while (performance.now() < deadline) {
        const status = await post(`${base}/api/move-the-needle/card/upsert`, memberCookie, {
          id: cardId,
          title: title(writes),
        });
        if (status === 200) writes += 1;
        else failed += 1;
      }
    };
    let large = 0;
    const bulk = async () => {
      const pad = 'x'.repeat(LARGE_EVENT_BYTES);
      while (performance.now() < deadline) {
        await publishEvent(knex, { topic: 'board', key: busy, type: 'board', payload: { pad, n: large } });
        large += 1;
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    await Promise.all([writer(), writer(), bulk()]);
    clearInterval(sampler);
    clearInterval(watcher);
    samples.push({ s: (performance.now() - t0) / 1000, rss: rssOf(pid), writes });

    console.log(
      `${writes} title edits (${failed} failed) and ${large} events of ${LARGE_EVENT_BYTES / 1024} KiB in ${SECONDS} s, ` +
        'each to every open stream',
    );
    console.log(`server RSS every 5 s: ${samples.map((x) => `${x.s.toFixed(0)} s ${mib(x.rss)}`).join(', ')}`);
    const lastDrop = dropped.length ? Math.max(...dropped) : null;
    console.log(
      `paused streams dropped by the server: ${dropped.length} of ${PAUSED}` +
        (lastDrop === null ? '' : `, the last after ${lastDrop.toFixed(1)} s`),
    );
    if (lastDrop !== null) {
      const after = samples.filter((x) => x.s > lastDrop + 5);
      if (after.length >= 2) {
        const first = after[0]!.rss;
        const last = after.at(-1)!.rss;
        console.log(
          `RSS after the drop: ${mib(first)} at ${after[0]!.s.toFixed(0)} s, ${mib(last)} at the end ` +
            `(${(((last - first) / first) * 100).toFixed(1)} %)`,
        );
      }
    }
  } finally {
    if (process.env.BENCH_LOG)
      console.log(
        server
          .output()
          .split('\n')
          .filter((l) => /stream closed/.test(l))
          .slice(-20)
          .join('\n'),
      );
    for (const c of closers) c();
    for (const s of paused) s.destroy();
    agent.destroy();
    server.child.kill('SIGTERM');
    await server.exited;
    await environment.cleanup();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
