import Router from '@koa/router';
import { estimateFees, findCategory, type FeeRates } from '@shared/calc';
import { MESSAGES } from '@shared/messages';
import { feeCategoriesQuerySchema, feeEstimateQuerySchema, rateCardUpsertSchema, todayUtc } from '@shared/schemas';
import type {
  FeeCategoriesResponse,
  FeeEstimateResponse,
  FeeRateCardListResponse,
  FeeRateCardUpsertResponse,
} from '@shared/types';
import { endpoint } from '../../core/endpoint';
import { badRequest, notFound } from '../../core/errors';
import { singleQuery } from '../../core/validate';
import type { PortalContext, PortalState } from '../../core/context';
import { presentRateCard, rateCardRef } from './presenter';
import { inForceOn, listRateCards, rateCardInForce, saveRateCard } from './service';

/**
 * Fees from dimensions and the rate cards behind them (docs/areas/seller-tools.md). Every member
 * estimates (the Power Profit Tool's product form); role admin reads and edits the cards.
 */
export function feeRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/fees' });

  /** Fees from a product's dimensions, weight and price, from the marketplace's card in force on the date (default today). */
  router.get(
    '/estimate',
    ...endpoint({ input: feeEstimateQuerySchema, from: singleQuery, authorize: 'product:use' }, async (ctx) => {
      const q = ctx.input;
      const card = await rateCardInForce(ctx.deps.knex, q.marketplace, q.date ?? todayUtc());
      if (!card) throw notFound(MESSAGES.noRateCardInForce);
      const rates = card.rates as FeeRates;
      if (q.category && !findCategory(rates, q.category)) {
        throw badRequest(MESSAGES.unknownFeeCategory, { category: MESSAGES.unknownFeeCategory });
      }
      const e = estimateFees(
        {
          length: q.length,
          width: q.width,
          height: q.height,
          unit: q.unit,
          weight: q.weight,
          weightUnit: q.weightUnit,
          price: q.price,
          category: q.category,
        },
        rates,
      );
      const body: FeeEstimateResponse = {
        sizeTier: e.sizeTier,
        dimensionalWeightLb: e.dimensionalWeightLb,
        billableWeightLb: e.billableWeightLb,
        fulfillmentFee: e.fulfillmentFee,
        referralFee: e.referralFee,
        storageFeePerUnitMonth: e.storageFeePerUnitMonth,
        rateCard: rateCardRef(card),
        currency: e.currency,
        priceExVat: e.priceExVat,
      };
      ctx.body = body;
    }),
  );

  /** The referral categories of the card in force, for the product form's category choice. */
  router.get(
    '/categories',
    ...endpoint({ input: feeCategoriesQuerySchema, from: singleQuery, authorize: 'product:use' }, async (ctx) => {
      const card = await rateCardInForce(ctx.deps.knex, ctx.input.marketplace, ctx.input.date ?? todayUtc());
      if (!card) throw notFound(MESSAGES.noRateCardInForce);
      const rates = card.rates as FeeRates;
      const body: FeeCategoriesResponse = {
        categories: rates.referral.categories.map((c) => ({ key: c.key, name: c.name })),
        defaultCategory: rates.referral.defaultCategory,
        currency: rates.currency,
        vatRate: rates.vatRate,
      };
      ctx.body = body;
    }),
  );

  /** Every rate card, newest first per marketplace, and which is in force today. */
  router.get(
    '/rate-cards',
    ...endpoint({ authorize: 'fees:manage' }, async (ctx) => {
      const rows = await listRateCards(ctx.deps.knex);
      const body: FeeRateCardListResponse = {
        rateCards: rows.map(presentRateCard),
        inForce: inForceOn(rows, todayUtc()),
      };
      ctx.body = body;
    }),
  );

  /** Adds a card, or changes one (with `id`); audited. One card per marketplace and first day (409). */
  router.post(
    '/rate-cards',
    ...endpoint({ input: rateCardUpsertSchema, authorize: 'fees:manage', transaction: true }, async (ctx) => {
      const { row, isNew } = await saveRateCard(ctx.trx, { actorId: ctx.user.id, ip: ctx.ip, input: ctx.input });
      const body: FeeRateCardUpsertResponse = { rateCard: presentRateCard(row), isNew };
      ctx.body = body;
    }),
  );

  return router;
}
