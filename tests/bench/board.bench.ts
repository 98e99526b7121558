/**
 * Move the Needle benchmark (docs/areas/board.md#measured) on PostgreSQL: a board of 7 lists x 300 cards, each card
 * with 2 labels, a 5-item checklist, an attachment and 3 comments. Prints p50/p95 and the SQL
 * statements per request of reading the board and of a card move, under 20 concurrent clients,
 * and the move as bare SQL: the move command on its own (one statement, its own transaction) next to
 * the same command in a board write (the review queue's send: BEGIN, lock, the statement, the
 * board's live event, COMMIT).
 * Asserts nothing about time. Run: npm run bench -- board
 */
import { hashPassword } from '../../api/src/core/password';
import http from 'node:http';
import { moveCard, runBoardWrite } from '../../api/src/features/board';
import { hit as fetchHit, jsonInit, measure, report, signInCookie, startBenchApp, type LatencyStats } from './lib';
import { CARDS_PER_LIST, LISTS, seedBoard } from './board-data';

const PASSWORD = 'bench-password-board';
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const statuses = new Map<number, number>();

/**
 * A request with a cookie over a keep-alive socket; the body is read and dropped (not parsed), so
 * the figures are the server's and not the client's JSON work. Resolves to the status.
 */
function hit(url: string, cookie: string, init: RequestInit = {}, onBytes?: (n: number) => void): Promise<number> {
  if (!init.method) {
    const headers = { Cookie: cookie, ...((init.headers as Record<string, string> | undefined) ?? {}) };
    return new Promise((resolve, reject) => {
      const req = http.get(url, { agent, headers }, (res) => {
        res.on('data', (c: Buffer) => onBytes?.(c.length));
        res.on('end', () => {
          const s = res.statusCode ?? 0;
          statuses.set(s, (statuses.get(s) ?? 0) + 1);
          resolve(s);
        });
      });
      req.on('error', reject);
    });
  }
  return fetchHit(url, cookie, init).then((s) => {
    statuses.set(s, (statuses.get(s) ?? 0) + 1);
    return s;
  });
}
const CLIENTS = 20;

async function main() {
  const app = await startBenchApp({ poolMax: 10 });
  try {
    const hash = await hashPassword(PASSWORD);
    const users = await app
      .knex('users')
      .insert(
        Array.from({ length: CLIENTS + 1 }, (_, i) => ({
          full_name: `Bench Member ${i}`,
          email: `bench.member${i}@example.test`,
          password_hash: hash,
          role: 'premium',
          stripe_status: 'active',
          created_at: new Date('2024-06-01T12:00:00Z'),
        })),
      )
      .returning<Array<{ id: number }>>('id');
    const owner = users[0]!.id;
    const t0 = performance.now();
    const main = await seedBoard(app.knex, owner, owner, true);
    // Every other client has a board of its own, as big, for the 'each on their own board' moves.
    const own: Array<Awaited<ReturnType<typeof seedBoard>>> = [];
    for (const u of users.slice(1)) own.push(await seedBoard(app.knex, u.id, u.id, false));
    console.log(
      `seeded ${LISTS * CARDS_PER_LIST} rich cards + ${CLIENTS} boards of ${LISTS * CARDS_PER_LIST} cards in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const ownerCookie = await signInCookie(app.base, 'bench.member0@example.test', PASSWORD);
    const cookies = await Promise.all(
      users.slice(1).map((_, i) => signInCookie(app.base, `bench.member${i + 1}@example.test`, PASSWORD)),
    );
    const readUrl = `${app.base}/api/move-the-needle/list/read-many`;

    const first = await fetch(readUrl, { headers: { Cookie: ownerCookie } });
    const body = await first.text();
    const board = JSON.parse(body) as { lists: Array<{ Cards: unknown[] }> };
    console.log(
      `board read: ${board.lists.length} lists, ${board.lists.reduce((n, l) => n + l.Cards.length, 0)} cards, ${(body.length / 1024).toFixed(0)} KiB`,
    );
    const readQueries = await app.countQueries(() => hit(readUrl, ownerCookie));
    const smallQueries = await app.countQueries(() => hit(readUrl, cookies[0]!));
    report(
      'read board (2,100 rich cards), 1 client',
      await measure({ requests: 50, concurrency: 1, run: () => hit(readUrl, ownerCookie) }),
    );
    report(
      'read board (2,100 rich cards), 20 clients',
      await measure({ requests: 400, concurrency: CLIENTS, run: () => hit(readUrl, ownerCookie) }),
      {
        'queries/request': readQueries,
        'queries (plain board)': smallQueries,
      },
    );
    // What a browser asks for: the gzipped body (compressed once per board version, then cached).
    const gzip = { headers: { 'Accept-Encoding': 'gzip, deflate' } };
    let wire = 0;
    await hit(readUrl, ownerCookie, gzip, (n) => (wire += n));
    console.log(`board read gzipped on the wire: ${(wire / 1024).toFixed(0)} KiB`);
    report(
      'read board gzipped, 20 clients',
      await measure({ requests: 400, concurrency: CLIENTS, run: () => hit(readUrl, ownerCookie, gzip) }),
    );

    // Without the cache: the version is bumped before each read, so each one builds the JSON in SQL.
    const missQueries = await app.countQueries(async () => {
      await app.knex('mtn_boards').where({ user_id: owner }).increment('version', 1);
      await hit(readUrl, ownerCookie);
    });
    report(
      'read board, cache miss every time, 1 client',
      await measure({
        requests: 40,
        concurrency: 1,
        run: async () => {
          await app.knex('mtn_boards').where({ user_id: owner }).increment('version', 1);
          return hit(readUrl, ownerCookie);
        },
      }),
      { 'queries/request (incl. the bump)': missQueries },
    );

    // Moves on the one big board: each client owns a slice of the cards, so it always knows where
    // they are; they all contend for the same seven lists.
    const where = new Map<number, number>();
    main.cardIds.forEach((ids, l) => ids.forEach((id) => where.set(id, main.listIds[l]!)));
    const cards = [...where.keys()];
    let seq = 0;
    const moveOn = (cookie: string, listIds: number[], pick: () => number, place: Map<number, number>) => async () => {
      const cardId = pick();
      const source = place.get(cardId)!;
      const dest = listIds[(listIds.indexOf(source) + 1 + (seq++ % (listIds.length - 1))) % listIds.length]!;
      const status = await hit(
        `${app.base}/api/move-the-needle/card/move`,
        cookie,
        jsonInit('POST', { cardId, sourceListId: source, destListId: dest, positionOnDestList: seq % CARDS_PER_LIST }),
      );
      if (status === 200) place.set(cardId, dest);
      return status;
    };
    const slices = Array.from({ length: CLIENTS }, (_, c) => cards.filter((_, i) => i % CLIENTS === c));
    let turn = 0;
    const moveQueries = await app.countQueries(() => moveOn(ownerCookie, main.listIds, () => slices[0]![0]!, where)());
    report(
      'move card, one board, 1 client',
      await measure({
        requests: 200,
        concurrency: 1,
        run: () => moveOn(ownerCookie, main.listIds, () => slices[0]![turn++ % slices[0]!.length]!, where)(),
      }),
      { 'queries/request': moveQueries },
    );
    report(
      'move card, one board, 20 clients',
      await measure({
        requests: 1000,
        concurrency: CLIENTS,
        run: (i) => {
          const c = Math.abs(i) % CLIENTS;
          const slice = slices[c]!;
          return moveOn(ownerCookie, main.listIds, () => slice[turn++ % slice.length]!, where)();
        },
      }),
      { 'queries/request': moveQueries },
    );

    // Moves by 20 members, each on their own board of 2,100 cards.
    const places = own.map((b) => {
      const m = new Map<number, number>();
      b.cardIds.forEach((ids, l) => ids.forEach((id) => m.set(id, b.listIds[l]!)));
      return m;
    });
    const ownKeys = places.map((m) => [...m.keys()]);
    const ownMoveQueries = await app.countQueries(() =>
      moveOn(cookies[0]!, own[0]!.listIds, () => ownKeys[0]![0]!, places[0]!)(),
    );
    report(
      'move card, 20 members on own boards',
      await measure({
        requests: 1000,
        concurrency: CLIENTS,
        run: (i) => {
          const c = Math.abs(i) % CLIENTS;
          const keys = ownKeys[c]!;
          return moveOn(cookies[c]!, own[c]!.listIds, () => keys[(turn++ * 7) % keys.length]!, places[c]!)();
        },
      }),
      { 'queries/request': ownMoveQueries },
    );

    // The same moves as bare SQL, without HTTP, session or policy: the move command on its own (one
    // statement) next to the same command in a board write (the lock first, the board's event at
    // the end), in alternating rounds so both see the same load.
    const members = users
      .slice(1)
      .map((u, i) => ({ id: u.id, fullName: `Bench Member ${i + 1}`, role: 'premium' as const }));
    const bareMove = (kind: 'in a board write' | 'one statement') => async (i: number) => {
      const c = Math.abs(i) % CLIENTS;
      const keys = ownKeys[c]!;
      const listIds = own[c]!.listIds;
      const cardId = keys[(turn++ * 7) % keys.length]!;
      const source = places[c]!.get(cardId)!;
      const dest = listIds[(listIds.indexOf(source) + 1 + (seq++ % (listIds.length - 1))) % listIds.length]!;
      const input = { cardId, sourceListId: source, destListId: dest, positionOnDestList: seq % CARDS_PER_LIST };
      const owner = members[c]!;
      if (kind === 'one statement') {
        await moveCard({ knex: app.knex, ownerId: owner.id, actor: owner }, input);
      } else {
        await runBoardWrite(app.knex, owner.id, owner, (w) => moveCard(w, input));
      }
      places[c]!.set(cardId, dest);
      return 200;
    };
    const bare: Record<string, LatencyStats[]> = { 'in a board write': [], 'one statement': [] };
    const bareQueries = {
      'in a board write': await app.countQueries(() => bareMove('in a board write')(0)),
      'one statement': await app.countQueries(() => bareMove('one statement')(0)),
    };
    for (let round = 0; round < 2; round++) {
      for (const kind of ['in a board write', 'one statement'] as const) {
        bare[kind]!.push(await measure({ requests: 500, concurrency: CLIENTS, run: bareMove(kind) }));
      }
    }
    for (const kind of ['in a board write', 'one statement'] as const) {
      const [a, b] = bare[kind]!;
      report(`bare SQL move, 20 own boards, ${kind}`, a!, { round: 1, 'round trips': bareQueries[kind] });
      report(`bare SQL move, 20 own boards, ${kind}`, b!, { round: 2, 'round trips': bareQueries[kind] });
    }

    const reorderQueries = await app.countQueries(() =>
      hit(
        `${app.base}/api/move-the-needle/card/reorder`,
        ownerCookie,
        jsonInit('POST', { ListId: main.listIds[0], startPosition: 0, endPosition: 299 }),
      ),
    );
    // The moves above changed list sizes: reorder within each board's list as it is now.
    const sizes = await Promise.all(
      own.map(async (b) =>
        Number(
          (await app.knex('mtn_cards').where({ list_id: b.listIds[1] }).count<Array<{ n: number }>>('* as n'))[0]!.n,
        ),
      ),
    );
    report(
      'reorder within a ~300-card list, 20 clients',
      await measure({
        requests: 600,
        concurrency: CLIENTS,
        run: (i) =>
          hit(
            `${app.base}/api/move-the-needle/card/reorder`,
            cookies[Math.abs(i) % CLIENTS]!,
            jsonInit('POST', {
              ListId: own[Math.abs(i) % CLIENTS]!.listIds[1],
              startPosition: Math.abs(i * 37) % sizes[Math.abs(i) % CLIENTS]!,
              endPosition: Math.abs(i * 91) % sizes[Math.abs(i) % CLIENTS]!,
            }),
          ),
      }),
      { 'queries/request': reorderQueries },
    );

    const bad = await app.knex.raw<{ rows: Array<{ n: number }> }>(
      `select count(*)::int as n from (select list_id from mtn_cards group by list_id
         having min(position) <> 0 or max(position) <> count(*) - 1 or count(distinct position) <> count(*)) x`,
    );
    console.log(`lists with a gap or a duplicate after the runs: ${bad.rows[0]!.n}`);
    console.log(`statuses seen: ${[...statuses].map(([k, v]) => `${k} x${v}`).join(', ')}`);
  } finally {
    await app.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
