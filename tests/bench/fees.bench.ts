/**
 * Fees from dimensions benchmark (docs/areas/seller-tools.md, "Limits"). Prints p50/p95 of
 * - the shared estimateFees() itself, in process, on the seeded US card;
 * - GET /api/fees/estimate on the portal (session, validation, policy, the card in force, estimate);
 * - a bare Koa endpoint doing the same work (the same session read, the same card query, the same
 *   estimate), so the portal's own overhead shows next to it;
 * at 1 client (and 4). Prints figures; asserts nothing about time. Run: npm run bench -- fees
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import type { Knex } from 'knex';
import { estimateFees, type FeeItem, type FeeRates } from '../../shared/src/calc';
import { US_RATE_CARD_2025 } from '../../shared/src/content/fee-rate-cards';
import { todayUtc } from '../../shared/src/schemas/dates';
import { hashPassword } from '../../api/src/core/password';
import { sessionCookieName, sha256 } from '../../api/src/core/session';
import { loadSessionUser } from '../../api/src/core/load-session-user';
import { rateCardInForce } from '../../api/src/features/fees/service';
import { hit, measure, percentile, report, signInCookie, startBenchApp } from './lib';

const PASSWORD = 'bench-password-fees';

/** A spread of items over every tier. */
const ITEMS: FeeItem[] = [
  [10, 8, 0.5, 0.5],
  [15, 12, 0.75, 0.1],
  [18, 14, 8, 2],
  [10, 8, 4, 5],
  [40, 10, 1, 3],
  [60, 10, 10, 30],
  [100, 50, 50, 200],
].map(([length, width, height, weight]) => ({
  length: length!,
  width: width!,
  height: height!,
  unit: 'in' as const,
  weight: weight!,
  weightUnit: 'lb' as const,
  price: 24.99,
}));

const query = (i: number) => {
  const it = ITEMS[Math.abs(i) % ITEMS.length]!;
  return `length=${it.length}&width=${it.width}&height=${it.height}&unit=in&weight=${it.weight}&weightUnit=lb&price=${it.price}`;
};

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return null;
}

/** The same work without the portal's middleware: session row, user, the card in force, the estimate. */
async function startBare(knex: Knex, cookieName: string) {
  const app = new Koa();
  app.use(async (ctx) => {
    const key = cookieValue(ctx.get('Cookie'), cookieName);
    const row = key
      ? await knex('sessions')
          .select('data', 'expires_at')
          .where({ id: sha256(key) })
          .first<{ data: { userId?: number }; expires_at: Date } | undefined>()
      : undefined;
    const user = row?.data.userId ? await loadSessionUser(knex, row.data.userId) : null;
    if (!user) {
      ctx.status = 401;
      return;
    }
    const card = await rateCardInForce(knex, 'US', todayUtc());
    const q = ctx.query as Record<string, string>;
    ctx.body = estimateFees(
      {
        length: Number(q.length),
        width: Number(q.width),
        height: Number(q.height),
        unit: 'in',
        weight: Number(q.weight),
        weightUnit: 'lb',
        price: Number(q.price),
      },
      card!.rates as FeeRates,
    );
  });
  const callback = app.callback();
  const server = http.createServer((req, res) => void callback(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** estimateFees() alone: p50/p95 in microseconds. */
function pureEstimate(): void {
  const times: number[] = [];
  for (let round = 0; round < 2000; round++) {
    const item = ITEMS[round % ITEMS.length]!;
    const t0 = performance.now();
    estimateFees(item, US_RATE_CARD_2025.rates);
    times.push((performance.now() - t0) * 1000);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${'estimateFees(), in process'.padEnd(44)} p50 ${percentile(times, 50).toFixed(1)} µs | p95 ${percentile(times, 95).toFixed(1)} µs | ${times.length} calls`,
  );
}

async function main() {
  const app = await startBenchApp();
  const bare = await startBare(app.knex, sessionCookieName(app.config));
  try {
    await app.knex('users').insert({
      full_name: 'Bench Seller',
      email: 'bench.fees@example.test',
      password_hash: await hashPassword(PASSWORD),
      role: 'premium',
      stripe_status: 'active',
    });
    const cookie = await signInCookie(app.base, 'bench.fees@example.test', PASSWORD);
    pureEstimate();
    const queries = await app.countQueries(() => hit(`${app.base}/api/fees/estimate?${query(0)}`, cookie));
    for (const concurrency of [1, 4]) {
      for (const [side, base] of [
        ['portal', app.base],
        ['bare', bare.base],
      ] as const) {
        const stats = await measure({
          requests: 400,
          concurrency,
          run: (i) => hit(`${base}/api/fees/estimate?${query(i)}`, cookie),
        });
        report(`${side} GET fees/estimate, ${concurrency} client(s)`, stats, side === 'portal' ? { queries } : {});
      }
    }
  } finally {
    await bare.close();
    await app.close();
  }
}

await main();
