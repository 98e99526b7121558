import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type supertest from 'supertest';
import { createTestApp, type TestApp } from '../helpers/app';
import { ALL_ROLES, createUser, signIn } from '../helpers/factories';
import {
  CA_RATE_CARD_2025,
  DE_RATE_CARD_2025,
  UK_RATE_CARD_2025,
  US_RATE_CARD_2025,
} from '../../shared/src/content/fee-rate-cards';
import type { Role } from '../../shared/src/limits';
import { MESSAGES } from '../../shared/src/messages';
import { BEFORE_CUTOFF } from './board-fixtures';

// docs/areas/seller-tools.md, "Fees from dimensions" and "Rate cards".
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function member(role: Role = 'premium') {
  const user = await createUser(t.knex, { role, createdAt: BEFORE_CUTOFF });
  return { user, agent: await signIn(t.agent(), user) };
}

const ITEM = 'length=10&width=8&height=0.5&unit=in&weight=0.5&weightUnit=lb&price=20';
const estimate = (agent: supertest.Agent, query: string) => agent.get(`/api/fees/estimate?${query}`);

function card(over: Record<string, unknown> = {}) {
  return {
    marketplace: 'US',
    name: 'Amazon US 2027',
    effectiveFrom: '2027-01-15',
    source: 'Seller Central, 2027 rate card',
    rates: US_RATE_CARD_2025.rates,
    ...over,
  };
}

describe('GET /api/fees/estimate', () => {
  it('answers the contract from the US card in force', async () => {
    const { agent } = await member();
    const res = await estimate(agent, ITEM);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      sizeTier: 'small standard',
      dimensionalWeightLb: 0.29,
      billableWeightLb: 0.5,
      fulfillmentFee: 3.33,
      referralFee: 3,
      storageFeePerUnitMonth: { janSep: 0.02, octDec: 0.06 },
      rateCard: {
        id: expect.any(Number),
        name: US_RATE_CARD_2025.name,
        effectiveFrom: '2025-01-15',
        source: US_RATE_CARD_2025.source,
      },
      currency: 'USD',
      priceExVat: 20,
    });
  });

  it('reads centimetres, kilograms and a category', async () => {
    const { agent } = await member();
    const res = await estimate(
      agent,
      'length=45.72&width=35.56&height=20.32&unit=cm&weight=2&weightUnit=kg&price=50&category=consumer-electronics',
    );
    expect(res.status).toBe(200);
    // 18 x 14 x 8 in: 14.50 lb dimensional against 4.41 lb.
    expect(res.body).toMatchObject({
      sizeTier: 'large standard',
      billableWeightLb: 14.5,
      fulfillmentFee: 10.68,
      referralFee: 4,
    });
  });

  it('uses the card in force on the date asked: a newer card from its first day, the older one the day before', async () => {
    const admin = await member('admin');
    const newer = card({ rates: { ...US_RATE_CARD_2025.rates, dimensionalDivisor: 100 } });
    const saved = await admin.agent.post('/api/fees/rate-cards').send(newer);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { agent } = await member();
    const before = await estimate(agent, `${ITEM}&date=2027-01-14`);
    expect(before.body.rateCard.effectiveFrom).toBe('2025-01-15');
    const on = await estimate(agent, `${ITEM}&date=2027-01-15`);
    expect(on.body.rateCard).toMatchObject({ id: saved.body.rateCard.id, effectiveFrom: '2027-01-15' });
    expect(on.body.dimensionalWeightLb).toBe(0.4);
    const early = await estimate(agent, `${ITEM}&date=2024-12-31`);
    expect(early.status).toBe(404);
    expect(early.body.error.message).toBe(MESSAGES.noRateCardInForce);
  });

  it("before a marketplace's first card it is a 404 that says so", async () => {
    const { agent } = await member();
    const res = await estimate(agent, `${ITEM}&marketplace=DE&date=2025-01-31`);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(MESSAGES.noRateCardInForce);
  });

  it.each([
    // 10 x 8 x 0.5 in, 0.5 lb: small standard on every card; UK and DE prices include VAT.
    ['UK', 'price=24', UK_RATE_CARD_2025, { fulfillmentFee: 2.07, referralFee: 3.6, currency: 'GBP', priceExVat: 20 }],
    [
      'DE',
      'price=23.80',
      DE_RATE_CARD_2025,
      { fulfillmentFee: 2.33, referralFee: 3.57, currency: 'EUR', priceExVat: 20 },
    ],
    ['CA', 'price=20', CA_RATE_CARD_2025, { fulfillmentFee: 4.06, referralFee: 3, currency: 'CAD', priceExVat: 20 }],
  ] as const)('answers for %s from its seeded card', async (marketplace, price, seeded, expected) => {
    const { agent } = await member();
    const res = await estimate(agent, `${ITEM.replace('price=20', price)}&marketplace=${marketplace}&date=2026-03-01`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      sizeTier: 'small standard',
      billableWeightLb: 0.5,
      ...expected,
      rateCard: { name: seeded.name, effectiveFrom: seeded.effectiveFrom, source: seeded.source },
    });
    const categories = await agent.get(`/api/fees/categories?marketplace=${marketplace}&date=2026-03-01`);
    expect(categories.body).toMatchObject({ currency: expected.currency, vatRate: seeded.rates.vatRate });
  });

  it.each([
    ['length=-1', 'length'],
    ['length=0', 'length'],
    ['width=0', 'width'],
    ['height=abc', 'height'],
    ['length=0x10', 'length'],
    ['length=1e3', 'length'],
    ['length=1001', 'length'],
    ['length=2541&unit=cm', 'length'],
    ['weight=0', 'weight'],
    ['weight=5001', 'weight'],
    ['weight=80001&weightUnit=oz', 'weight'],
    ['price=-5', 'price'],
    ['price=Infinity', 'price'],
    ['unit=ft', 'unit'],
    ['weightUnit=stone', 'weightUnit'],
    ['marketplace=FR', 'marketplace'],
    ['date=2026-02-30', 'date'],
    ['category=no-such-category', 'category'],
  ])('%s is a 400 naming %s', async (bad, field) => {
    const { agent } = await member();
    const keys = bad.split('&').map((p) => p.split('=')[0]);
    const query = ITEM.split('&')
      .filter((p) => !keys.includes(p.split('=')[0]))
      .concat(bad)
      .join('&');
    const res = await estimate(agent, query);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields?.[field], JSON.stringify(res.body)).toBeTruthy();
  });

  it('names every missing field at once', async () => {
    const { agent } = await member();
    const res = await estimate(agent, '');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(['height', 'length', 'price', 'weight', 'width']);
  });

  it('requires a session', async () => {
    expect((await t.request().get(`/api/fees/estimate?${ITEM}`)).status).toBe(401);
  });

  it.each(ALL_ROLES)('lets a %s estimate', async (role) => {
    const { agent } = await member(role);
    expect((await estimate(agent, ITEM)).status).toBe(200);
    const categories = await agent.get('/api/fees/categories?marketplace=US');
    expect(categories.status).toBe(200);
    expect(categories.body.defaultCategory).toBe('everything-else');
    expect(categories.body.categories).toContainEqual({ key: 'jewelry', name: 'Jewelry' });
  });
});

describe('rate cards: admins read, add and change them, audited', () => {
  it.each(['coach', 'premium', 'course only', 'basic'] as const)(
    'refuses a %s (403), reading and writing',
    async (role) => {
      const { agent } = await member(role);
      expect((await agent.get('/api/fees/rate-cards')).status).toBe(403);
      expect((await agent.post('/api/fees/rate-cards').send(card())).status).toBe(403);
      expect(
        await t
          .knex('fee_rate_cards')
          .count<Array<{ n: string }>>('* as n')
          .then((r) => Number(r[0]!.n)),
      ).toBeGreaterThan(0);
    },
  );

  it('refuses an admin switched to another role', async () => {
    const user = await createUser(t.knex, { role: 'premium', isAdmin: true });
    const agent = await signIn(t.agent(), user);
    expect((await agent.get('/api/fees/rate-cards')).status).toBe(403);
  });

  it('lists the seeded cards of the four marketplaces, each in force today', async () => {
    const { agent } = await member('admin');
    const res = await agent.get('/api/fees/rate-cards');
    expect(res.status).toBe(200);
    for (const seeded of [US_RATE_CARD_2025, UK_RATE_CARD_2025, DE_RATE_CARD_2025, CA_RATE_CARD_2025]) {
      const found = res.body.rateCards.find(
        (c: { effectiveFrom: string; marketplace: string }) =>
          c.effectiveFrom === seeded.effectiveFrom && c.marketplace === seeded.marketplace,
      );
      expect(found, seeded.marketplace).toMatchObject({ name: seeded.name, source: seeded.source });
      expect(found.rates).toEqual(seeded.rates);
      expect(res.body.inForce[seeded.marketplace]).toBe(found.id);
    }
  });

  it('adds a card and changes it, each with an audit entry; a second card for the same day is a 409', async () => {
    const admin = await member('admin');
    const added = await admin.agent.post('/api/fees/rate-cards').send(
      card({
        effectiveFrom: '2030-01-01',
        marketplace: 'UK',
        name: 'UK 2030',
        rates: { ...US_RATE_CARD_2025.rates, currency: 'GBP', vatRate: 20 },
      }),
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.isNew).toBe(true);
    const id = added.body.rateCard.id as number;
    const changed = await admin.agent.post('/api/fees/rate-cards').send({
      ...card({
        marketplace: 'UK',
        effectiveFrom: '2030-01-01',
        rates: { ...US_RATE_CARD_2025.rates, currency: 'GBP', vatRate: 20 },
      }),
      id,
      name: 'UK 2030 (fixed)',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ isNew: false, rateCard: { id, name: 'UK 2030 (fixed)' } });
    const entries = await t.knex('audit_log').where({ actor_id: admin.user.id }).orderBy('id');
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['fee-rate-card.create', 'fee-rate-card.update']);
    const dup = await admin.agent.post('/api/fees/rate-cards').send(
      card({
        marketplace: 'UK',
        effectiveFrom: '2030-01-01',
        rates: { ...US_RATE_CARD_2025.rates, currency: 'GBP' },
      }),
    );
    expect(dup.status).toBe(409);
    expect(dup.body.error.fields.effectiveFrom).toBe(MESSAGES.feeRateCardTaken);
    // A UK estimate on that card: the price without VAT.
    const { agent } = await member();
    const uk = await estimate(agent, `${ITEM.replace('price=20', 'price=24')}&marketplace=UK&date=2030-02-01`);
    expect(uk.body, JSON.stringify(uk.body)).toMatchObject({ currency: 'GBP', priceExVat: 20, rateCard: { id } });
  });

  it('an unknown id is a 404 and writes nothing', async () => {
    const admin = await member('admin');
    const res = await admin.agent
      .post('/api/fees/rate-cards')
      .send({ ...card({ effectiveFrom: '2031-01-01' }), id: 999999 });
    expect(res.status).toBe(404);
    expect(await t.knex('audit_log').where({ actor_id: admin.user.id })).toHaveLength(0);
  });

  const R = US_RATE_CARD_2025.rates;
  it.each([
    ['a blank name', { name: '' }, 'name'],
    ['a date that does not exist', { effectiveFrom: '2027-13-01' }, 'effectiveFrom'],
    ['an unknown marketplace', { marketplace: 'FR' }, 'marketplace'],
    ['a blank source', { source: '' }, 'source'],
    ['another marketplace’s currency', { rates: { ...R, currency: 'EUR' } }, 'rates'],
    ['a divisor of 0', { rates: { ...R, dimensionalDivisor: 0 } }, 'rates'],
    ['a VAT rate that is not a number', { rates: { ...R, vatRate: '12abc' } }, 'rates'],
    [
      'a negative storage rate',
      { rates: { ...R, storage: { ...R.storage, standard: { janSep: -1, octDec: 2 } } } },
      'rates',
    ],
    ['an unknown default category', { rates: { ...R, referral: { ...R.referral, defaultCategory: 'nope' } } }, 'rates'],
    ['rates that are not an object', { rates: 'not an object' }, 'rates'],
  ])('%s is a 400 naming the field, and nothing is written', async (_name, over, field) => {
    const admin = await member('admin');
    const res = await admin.agent.post('/api/fees/rate-cards').send(card({ effectiveFrom: '2032-01-01', ...over }));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields[field]).toBeTruthy();
    expect(await t.knex('fee_rate_cards').where({ effective_from: '2032-01-01' })).toHaveLength(0);
  });

  it('a fee band out of order is named by its path', async () => {
    const admin = await member('admin');
    const rates = structuredClone(US_RATE_CARD_2025.rates);
    rates.fulfillment['small standard'].bands[1]!.upToLb = 0.01;
    const res = await admin.agent.post('/api/fees/rate-cards').send(card({ effectiveFrom: '2033-01-01', rates }));
    expect(res.status).toBe(400);
    expect(res.body.error.fields.rates).toMatch(/small standard.*heavier/);
  });
});
