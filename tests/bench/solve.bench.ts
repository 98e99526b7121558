/**
 * Reverse solve benchmark (docs/areas/seller-tools.md#reverse-solve, target: solve p95 < 10 ms). Prints p50/p95 of
 * - the shared solve() itself, in process, per target;
 * - GET /api/product/{id}/solve on the portal (session, policy, validation, one product query);
 * - a bare Koa endpoint doing the same work (the same session and product SQL, the same solve()),
 *   so the portal's own overhead shows next to it.
 * Prints figures; asserts nothing about time. Run: npm run bench -- solve
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import type { Knex } from 'knex';
import { SOLVE_TARGETS, solve, type SolveTarget } from '../../shared/src/calc';
import { hashPassword } from '../../api/src/core/password';
import { sessionCookieName, sha256 } from '../../api/src/core/session';
import { loadSessionUser } from '../../api/src/core/load-session-user';
import { productFields } from '../../api/src/features/products/presenter';
import { findOwnProduct } from '../../api/src/features/products/service';
import { hit, insertBatches, measure, percentile, report, signInCookie, startBenchApp } from './lib';

const PRODUCTS = 200;
const PASSWORD = 'bench-password-solve';
const VALUES: Record<SolveTarget, number[]> = {
  margin: [10, 25, 30, 45, 80],
  profitPerUnit: [1, 5, 8.5, 12],
  acosBreakEven: [20, 40, 60, 99],
  maxCostPerUnit: [5, 15, 20, 30],
};

function productRow(userId: number, i: number) {
  return {
    user_id: userId,
    title: `Solve product ${i}`,
    position: i + 1,
    units: 100 + i,
    cost_per_unit: 2 + (i % 17) / 10,
    shipping_cost: 500 + i,
    amazon_fees: 5 + (i % 7),
    amazon_retail: 19.99 + (i % 30),
    additional_fees: 10 + (i % 40),
    projected_units: 200 + i,
  };
}

const query = (ids: number[], i: number, target: SolveTarget) => {
  const values = VALUES[target];
  return `${ids[Math.abs(i) % ids.length]}/solve?target=${target}&value=${values[Math.abs(i) % values.length]}`;
};

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return null;
}

/** The same work without the portal's middleware: session row, user, own product, solve. */
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
    const match = /^\/api\/product\/(\d+)\/solve$/.exec(ctx.path);
    if (!user || !match) {
      ctx.status = 401;
      return;
    }
    const product = await findOwnProduct(knex, user.id, Number(match[1]));
    if (!product) {
      ctx.status = 404;
      return;
    }
    ctx.body = solve(productFields(product), ctx.query.target as SolveTarget, Number(ctx.query.value));
  });
  const callback = app.callback();
  const server = http.createServer((req, res) => void callback(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** solve() alone: p50/p95 in microseconds over every stored product and value. */
function pureSolve(inputs: ReturnType<typeof productFields>[]): void {
  for (const target of SOLVE_TARGETS) {
    const times: number[] = [];
    for (let round = 0; round < 20; round++) {
      for (const [i, p] of inputs.entries()) {
        const values = VALUES[target];
        const t0 = performance.now();
        solve(p, target, values[i % values.length]!);
        times.push((performance.now() - t0) * 1000);
      }
    }
    times.sort((a, b) => a - b);
    console.log(
      `${`solve() ${target}, in process`.padEnd(44)} p50 ${percentile(times, 50).toFixed(1)} µs | p95 ${percentile(times, 95).toFixed(1)} µs | ${times.length} calls`,
    );
  }
}

async function main() {
  const app = await startBenchApp();
  const bare = await startBare(app.knex, sessionCookieName(app.config));
  try {
    const [user] = await app
      .knex('users')
      .insert({
        full_name: 'Bench Solver',
        email: 'bench.solver@example.test',
        password_hash: await hashPassword(PASSWORD),
        role: 'premium',
        stripe_status: 'active',
      })
      .returning<Array<{ id: number }>>('id');
    const rows = Array.from({ length: PRODUCTS }, (_, i) => productRow(user!.id, i));
    const ids = await insertBatches(app.knex, 'products', rows);
    await app.knex.raw('ANALYZE products');
    const cookie = await signInCookie(app.base, 'bench.solver@example.test', PASSWORD);
    const stored = await Promise.all(ids.map((id) => findOwnProduct(app.knex, user!.id, id)));
    pureSolve(stored.map((p) => productFields(p!)));

    const queries = await app.countQueries(() => hit(`${app.base}/api/product/${query(ids, 0, 'margin')}`, cookie));
    for (const target of SOLVE_TARGETS) {
      for (const [side, base] of [
        ['portal', app.base],
        ['bare', bare.base],
      ] as const) {
        for (const concurrency of [1, 4]) {
          const stats = await measure({
            requests: 300,
            concurrency,
            run: (i) => hit(`${base}/api/product/${query(ids, i, target)}`, cookie),
          });
          report(`${side} GET solve ${target}, ${concurrency} client(s)`, stats, side === 'portal' ? { queries } : {});
        }
      }
    }
  } finally {
    await bare.close();
    await app.close();
  }
}

await main();
