/**
 * Power Profit Tool benchmark (docs/areas/seller-tools.md): 500 products for one member on PostgreSQL; p50/p95 of
 * read-many and upsert, and the SQL statements each request runs. Prints figures; asserts nothing
 * about time. Run: npm run bench -- products
 */
import { hashPassword } from '../../api/src/core/password';
import { hit, insertBatches, jsonInit, measure, report, signInCookie, startBenchApp } from './lib';

const PRODUCTS = 500;
const PASSWORD = 'bench-password-products';

function productRow(userId: number, i: number) {
  return {
    user_id: userId,
    title: `Bench product ${i}`,
    description: i % 3 === 0 ? `Description of product ${i}` : null,
    position: i + 1,
    units: 100 + i,
    cost_per_unit: 2 + (i % 17) / 10,
    shipping_cost: 500 + i,
    amazon_fees: 5 + (i % 7),
    amazon_retail: 19.99 + (i % 30),
    additional_fees: 10 + (i % 40),
    type_additional_fees: i % 2 ? 'dollar' : 'percentage',
    promotion_units_per_day: i % 20,
    promotion_percentage: 90 + (i % 10),
    promotion_days: 7 + (i % 4),
    daily_advertising_cost: 30 + (i % 50),
    spend: 100 + i,
    sales: 300 + 2 * i,
    projected_units: 200 + i,
  };
}

async function main() {
  const app = await startBenchApp();
  try {
    const [user] = await app
      .knex('users')
      .insert({
        full_name: 'Bench Seller',
        email: 'bench.seller@example.test',
        password_hash: await hashPassword(PASSWORD),
        role: 'premium',
        stripe_status: 'active',
      })
      .returning<Array<{ id: number }>>('id');
    const userId = user!.id;
    const ids = await insertBatches(
      app.knex,
      'products',
      Array.from({ length: PRODUCTS }, (_, i) => productRow(userId, i)),
    );
    await app.knex.raw('ANALYZE products');
    const cookie = await signInCookie(app.base, 'bench.seller@example.test', PASSWORD);

    const readMany = () => hit(`${app.base}/api/product/read-many`, cookie);
    const first = await fetch(`${app.base}/api/product/read-many`, { headers: { Cookie: cookie } });
    const body = await first.text();
    const listed = (JSON.parse(body) as { products: unknown[] }).products.length;
    console.log(`products listed: ${listed}, response ${(body.length / 1024).toFixed(0)} KiB`);

    const update = (i: number) => {
      const id = ids[Math.abs(i) % ids.length]!;
      return hit(
        `${app.base}/api/product/upsert`,
        cookie,
        jsonInit('POST', {
          product: { id, title: `Renamed ${i}`, promotionDays: 10, additionalFees: 3 },
          typeAdditionalFees: 'dollar',
        }),
      );
    };
    const create = (i: number) =>
      hit(
        `${app.base}/api/product/upsert`,
        cookie,
        jsonInit('POST', {
          product: {
            title: `New ${i}`,
            units: 500,
            costPerUnit: 3.2,
            shippingCost: 850,
            amazonFees: 8.75,
            amazonRetail: 27.99,
            additionalFees: 25,
          },
        }),
      );

    const q = {
      readMany: await app.countQueries(readMany),
      update: await app.countQueries(() => update(0)),
      create: await app.countQueries(() => create(0)),
      count: await app.countQueries(() => hit(`${app.base}/api/product/count`, cookie)),
    };

    report(
      `read-many (${PRODUCTS} products), 1 client`,
      await measure({ requests: 300, concurrency: 1, run: readMany }),
      { queries: q.readMany },
    );
    report(
      `read-many (${PRODUCTS} products), 4 clients`,
      await measure({ requests: 400, concurrency: 4, run: readMany }),
      { queries: q.readMany },
    );
    report('upsert update, 1 client', await measure({ requests: 300, concurrency: 1, run: update }), {
      queries: q.update,
    });
    report('upsert update, 4 clients', await measure({ requests: 400, concurrency: 4, run: update }), {
      queries: q.update,
    });
    report('upsert create, 1 client', await measure({ requests: 150, concurrency: 1, warmup: 10, run: create }), {
      queries: q.create,
    });
    report(
      'count, 1 client',
      await measure({ requests: 300, concurrency: 1, run: () => hit(`${app.base}/api/product/count`, cookie) }),
      { queries: q.count },
    );
  } finally {
    await app.close();
  }
}

await main();
