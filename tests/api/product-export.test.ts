import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { ALL_ROLES, createUser, signIn } from '../helpers/factories';
import type { Role } from '../../shared/src/limits';
import { ALL_FIGURE_FIELDS, allFigures, applyScenario } from '../../shared/src/calc';
import { GOLDEN, MINIMAL } from './products-golden';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function member(role: Role = 'premium') {
  const user = await createUser(t.knex, { role });
  return { user, agent: await signIn(t.agent(), user) };
}

/** A CSV without quoted line breaks: records of cells (enough for these files). */
function parseCsv(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((l) => l !== '')
    .map((line) =>
      [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
        .slice(0, -1)
        .map((m) => m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"')),
    );
}

describe('products.csv', () => {
  it('has every product, then its scenarios, with their inputs and every figure of the shared calculator', async () => {
    const { agent } = await member();
    const e1 = GOLDEN[0]!.product;
    const p = (await agent.post('/api/product/upsert').send({ product: e1, typeAdditionalFees: 'percentage' })).body
      .product;
    await agent
      .post(`/api/product/${p.id}/scenarios`)
      .send({ name: 'Price up', changes: { amazonRetail: 29.99, costPerUnit: 3.5 } });
    await agent.post('/api/product/upsert').send({ product: { ...MINIMAL, title: '=HYPERLINK("x")' } });
    const res = await agent.get('/api/product/export.csv');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="products.csv"');
    const [header, ...rows] = parseCsv(res.text);
    expect(header).toEqual([
      'productId',
      'title',
      'description',
      'scenario',
      'marketplace',
      'currency',
      'vatRate',
      'amazonRetailExVat',
      'units',
      'costPerUnit',
      'shippingCost',
      'amazonFees',
      'amazonRetail',
      'additionalFees',
      'promotionUnitsPerDay',
      'promotionPercentage',
      'promotionDays',
      'dailyAdvertisingCost',
      'spend',
      'sales',
      'projectedUnits',
      'fbaFee',
      'referralFee',
      'storageFee',
      'feesEstimated',
      ...ALL_FIGURE_FIELDS,
      'targetAcos',
      'maxCpc',
      'reorderOnHand',
      'reorderDailySales',
      'reorderLeadTimeDays',
      'reorderCoverDays',
      'reorderSafetyDays',
      'reorderPlannedOn',
      'reorderPoint',
      'reorderOn',
      'reorderQuantity',
      'stockoutOn',
    ]);
    expect(rows).toHaveLength(3);
    // newest product first; a formula-looking title is escaped
    expect(rows[0]!.slice(0, 4)).toEqual([expect.any(String), `'=HYPERLINK("x")`, '', '']);
    const cell = (row: string[], name: string) => row[header!.indexOf(name)];
    const base = rows[1]!;
    const scenario = rows[2]!;
    expect(cell(base, 'scenario')).toBe('');
    expect(cell(scenario, 'scenario')).toBe('Price up');
    expect(cell(scenario, 'amazonRetail')).toBe('29.99');
    expect(cell(scenario, 'units')).toBe('1000');
    const expectedBase = allFigures(e1);
    const expectedScenario = allFigures(applyScenario(e1, { amazonRetail: 29.99, costPerUnit: 3.5 }));
    for (const f of ALL_FIGURE_FIELDS) {
      expect(cell(base, f), f).toBe(String(expectedBase[f]));
      expect(cell(scenario, f), f).toBe(String(expectedScenario[f]));
    }
    expect(cell(base, 'profitMargin')).toBe('29.27');
    expect(cell(base, 'roiPerUnit')).toBe('202.28');
    expect(cell(scenario, 'paybackUnits')).toBe('317');
    // The fee breakdown (blank: not given) and the ad targets at a 10 % margin and conversion rate.
    expect([cell(base, 'fbaFee'), cell(base, 'feesEstimated')]).toEqual(['', 'false']);
    expect([cell(base, 'targetAcos'), cell(base, 'maxCpc')]).toEqual(['44.27', '1.24']);
    expect([cell(base, 'marketplace'), cell(base, 'currency'), cell(base, 'vatRate')]).toEqual(['US', 'USD', '0']);
  });

  it("names the marketplace and currency; a UK product's figures are on its price without VAT", async () => {
    const { agent } = await member();
    const e1 = GOLDEN[0]!.product;
    const price = Number(e1.amazonRetail);
    // The product in the UK at its price plus 20 % VAT, in pounds: figures on the price without VAT.
    const withVat = Math.round(price * 120) / 100;
    const res = await agent
      .post('/api/product/upsert')
      .send({ product: { ...e1, amazonRetail: withVat, marketplace: 'UK' }, typeAdditionalFees: 'percentage' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [header, row] = parseCsv((await agent.get('/api/product/export.csv')).text);
    const cell = (name: string) => row![header!.indexOf(name)];
    expect([cell('marketplace'), cell('currency'), cell('vatRate')]).toEqual(['UK', 'GBP', '20']);
    expect(cell('amazonRetail')).toBe(String(withVat));
    expect(cell('amazonRetailExVat')).toBe(String(price));
    const expected = allFigures({ ...e1, amazonRetail: withVat, vatRate: 20 });
    for (const f of ALL_FIGURE_FIELDS) expect(cell(f), f).toBe(String(expected[f]));
  });

  it('carries the reorder plan the member saved, dated from the day it was planned, on the product and its scenarios', async () => {
    const { agent } = await member();
    const p = (await agent.post('/api/product/upsert').send({ product: { ...MINIMAL, title: 'Planned' } })).body
      .product;
    await agent.post(`/api/product/${p.id}/scenarios`).send({ name: 'Cheaper', changes: { amazonRetail: 10 } });
    await agent.post('/api/product/upsert').send({ product: { ...MINIMAL, title: 'Unplanned' } });
    const saved = await agent
      .put(`/api/product/${p.id}/reorder`)
      .send({ onHand: 1000, dailySales: 10, leadTimeDays: 30, coverDays: 90, timeZone: 'UTC' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const [header, unplanned, planned, scenario] = parseCsv((await agent.get('/api/product/export.csv')).text);
    const cell = (row: string[], name: string) => row[header!.indexOf(name)];
    expect(cell(unplanned!, 'title')).toBe('Unplanned');
    expect(['reorderOnHand', 'reorderPoint', 'reorderOn'].map((n) => cell(unplanned!, n))).toEqual(['', '', '']);
    for (const row of [planned!, scenario!]) {
      expect(
        ['reorderOnHand', 'reorderDailySales', 'reorderLeadTimeDays', 'reorderCoverDays', 'reorderSafetyDays'].map(
          (n) => cell(row, n),
        ),
      ).toEqual(['1000', '10', '30', '90', '0']);
      expect(cell(row, 'reorderPlannedOn')).toBe(saved.body.inputs.plannedOn);
      expect([cell(row, 'reorderPoint'), cell(row, 'reorderQuantity')]).toEqual(['300', '900']);
      expect(cell(row, 'reorderOn')).toBe(saved.body.plan.reorderOn);
      expect(cell(row, 'stockoutOn')).toBe(saved.body.plan.stockoutOn);
    }
    // Planned today in UTC: reorder in 70 days, the stock runs out in 100 (the worked example).
    const plus = (days: number) => new Date(Date.parse(today) + days * 86_400_000).toISOString().slice(0, 10);
    expect(saved.body.inputs.plannedOn).toBe(today);
    expect([saved.body.plan.reorderOn, saved.body.plan.stockoutOn]).toEqual([plus(70), plus(100)]);
  });

  it('requires a session', async () => {
    expect((await t.request().get('/api/product/export.csv')).status).toBe(401);
  });

  it.each(ALL_ROLES)("gives a %s their own products only (an admin does not get anyone else's)", async (role) => {
    const other = await member('premium');
    await other.agent.post('/api/product/upsert').send({ product: { ...MINIMAL, title: 'Not yours' } });
    const { agent } = await member(role);
    await agent.post('/api/product/upsert').send({ product: { ...MINIMAL, title: 'Mine' } });
    const rows = parseCsv((await agent.get('/api/product/export.csv')).text);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['Mine']);
  });

  it('is only the header for a member without products', async () => {
    const { agent } = await member('basic');
    expect(parseCsv((await agent.get('/api/product/export.csv')).text)).toHaveLength(1);
  });
});
