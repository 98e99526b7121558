import * as yup from 'yup';
import {
  LENGTH_UNITS,
  MARKETPLACE_CURRENCY,
  MARKETPLACES,
  FEE_SIZE_TIERS,
  toInches,
  toPounds,
  WEIGHT_UNITS,
  CURRENCIES,
  type LengthUnit,
  type Marketplace,
  type WeightUnit,
} from '../calc/fees';
import { isTimeZone } from '../calc/reorder';
import { MESSAGES } from '../messages';
import { isIsoDate } from './dates';
import { decimal, integer } from './fields';
import { PRODUCT_LIMITS } from './products';

const required = MESSAGES.fieldRequired;

/** Bounds of the seller tools' inputs (docs/areas/seller-tools.md, "Validation"). */
export const FEE_LIMITS = {
  /** The longest side Amazon could store, with room: 1,000 in (2,540 cm). */
  sideMaxIn: 1000,
  /** The heaviest unit: 5,000 lb. */
  weightMaxLb: 5000,
  categoryMax: 60,
  rateCardNameMax: 120,
  rateCardSourceMax: 1000,
  referralCategoriesMax: 100,
  bandsMax: 50,
  /** Units on hand or sold a day. */
  unitsMax: 10_000_000,
  daysMax: 3650,
} as const;

const notPositive = 'Please enter more than 0';
const notNegative = 'Please enter 0 or more';
const aNumber = 'Please enter a number';
const blankToUndefined = (v: unknown, original: unknown) =>
  typeof original === 'string' && original.trim() === '' ? undefined : v;

const side = () =>
  decimal()
    .transform(blankToUndefined)
    .typeError(aNumber)
    .required(required)
    .moreThan(0, notPositive)
    .test('side-size', 'That is larger than any product Amazon stores (1,000 in)', function (v) {
      const unit = (this.parent as { unit?: LengthUnit }).unit ?? 'in';
      return v === undefined || toInches(v, LENGTH_UNITS.includes(unit) ? unit : 'in') <= FEE_LIMITS.sideMaxIn;
    });

/** A marketplace of the rate cards; US when absent. */
const marketplaceField = () =>
  yup
    .string()
    .trim()
    .oneOf([...MARKETPLACES], `Choose one of ${MARKETPLACES.join(', ')}`)
    .default('US');

/** A calendar date as YYYY-MM-DD. */
const isoDate = () =>
  yup
    .string()
    .trim()
    .test('iso-date', 'Please enter a date as YYYY-MM-DD', (v) => v === undefined || isIsoDate(v));

/**
 * GET /api/fees/estimate: the item's sides (more than 0, at most 1,000 in), its weight (more than 0,
 * at most 5,000 lb), the price, a category of the card (default: the card's), the marketplace
 * (default US) and the date whose card applies (default today).
 */
export const feeEstimateQuerySchema = yup.object({
  marketplace: marketplaceField(),
  unit: yup
    .string()
    .oneOf([...LENGTH_UNITS], 'Choose in or cm')
    .default('in'),
  weightUnit: yup
    .string()
    .oneOf([...WEIGHT_UNITS], 'Choose lb, oz, kg or g')
    .default('lb'),
  length: side(),
  width: side(),
  height: side(),
  weight: decimal()
    .transform(blankToUndefined)
    .typeError(aNumber)
    .required(required)
    .moreThan(0, notPositive)
    .test('weight-size', 'That is heavier than any product Amazon stores (5,000 lb)', function (v) {
      const unit = (this.parent as { weightUnit?: WeightUnit }).weightUnit ?? 'lb';
      return v === undefined || toPounds(v, WEIGHT_UNITS.includes(unit) ? unit : 'lb') <= FEE_LIMITS.weightMaxLb;
    }),
  price: decimal()
    .transform(blankToUndefined)
    .typeError(aNumber)
    .required(required)
    .min(0, notNegative)
    .max(PRODUCT_LIMITS.moneyMax, `Please enter at most ${PRODUCT_LIMITS.moneyMax.toLocaleString('en-US')}`),
  category: yup.string().trim().max(FEE_LIMITS.categoryMax).optional(),
  date: isoDate().optional(),
});
export type FeeEstimateQuery = yup.InferType<typeof feeEstimateQuerySchema>;

/** GET /api/fees/categories: the referral categories of the card in force for a marketplace on a date. */
export const feeCategoriesQuerySchema = yup.object({
  marketplace: marketplaceField(),
  date: isoDate().optional(),
});

const percent = (min: number, max: number, message: string) =>
  decimal().transform(blankToUndefined).typeError(aNumber).required(required).min(min, message).max(max, message);

/** GET /api/product/{id}/ppc: the margin to keep after ads (-100 to 100 %) and the conversion rate (more than 0, at most 100 %). */
export const ppcQuerySchema = yup.object({
  targetMargin: percent(-100, 100, 'Please enter a percentage from -100 to 100'),
  conversionRate: percent(0, 100, 'Please enter a percentage from 0 to 100').moreThan(0, notPositive),
});
export type PpcQuery = yup.InferType<typeof ppcQuerySchema>;

const units = () =>
  decimal()
    .transform(blankToUndefined)
    .typeError(aNumber)
    .min(0, notNegative)
    .max(FEE_LIMITS.unitsMax, `Please enter at most ${FEE_LIMITS.unitsMax.toLocaleString('en-US')}`);
const days = () =>
  integer()
    .transform(blankToUndefined)
    .typeError('Please enter a whole number of days')
    .min(0, notNegative)
    .max(FEE_LIMITS.daysMax, `Please enter at most ${FEE_LIMITS.daysMax.toLocaleString('en-US')} days`);

/**
 * GET /api/product/{id}/reorder (and the body of POST .../reorder/card): units on hand and sold a
 * day, whole days of lead time, cover (at least 1) and safety stock (default 0), and the member's
 * IANA time zone for the dates (default UTC).
 */
export const reorderQuerySchema = yup.object({
  onHand: units().required(required),
  dailySales: units().required(required),
  leadTimeDays: days().required(required),
  coverDays: days().required(required).min(1, 'Please enter at least 1 day'),
  safetyDays: days().default(0),
  timeZone: yup
    .string()
    .trim()
    .max(64)
    .default('UTC')
    .test('time-zone', 'Choose a time zone such as America/New_York', (v) => v === undefined || isTimeZone(v)),
});
export type ReorderQuery = yup.InferType<typeof reorderQuerySchema>;

/* ---- Rate cards (admin) ---- */

const money = () =>
  decimal()
    .typeError('${path}: ' + aNumber)
    .required('${path}: ' + required)
    .min(0, '${path}: ' + notNegative)
    .max(100_000, '${path}: at most 100,000');
const weightLb = () =>
  decimal()
    .typeError('${path}: ' + aNumber)
    .required('${path}: ' + required)
    .moreThan(0, '${path}: ' + notPositive)
    .max(FEE_LIMITS.weightMaxLb, '${path}: at most 5,000 lb');

const tierFeesSchema = yup
  .object({
    bands: yup
      .array(yup.object({ upToLb: weightLb(), fee: money() }).required())
      .max(FEE_LIMITS.bandsMax)
      .required('${path}: ' + required)
      .test('ascending', '${path}: each band must be heavier than the one before', (bands) =>
        (bands ?? []).every((b, i, all) => i === 0 || b.upToLb > all[i - 1]!.upToLb),
      ),
    above: yup
      .object({
        fromLb: decimal()
          .typeError('${path}: ' + aNumber)
          .required('${path}: ' + required)
          .min(0, '${path}: ' + notNegative)
          .max(FEE_LIMITS.weightMaxLb),
        fee: money(),
        stepLb: weightLb(),
        perStep: money(),
      })
      .nullable()
      .default(null),
  })
  .required('${path}: ' + required)
  .test(
    'has-fees',
    '${path}: give weight bands, a fee above them, or both',
    (t) => !t || t.bands.length > 0 || t.above !== null,
  );

const categorySchema = yup.object({
  key: yup
    .string()
    .trim()
    .required('${path}: ' + required)
    .matches(/^[a-z0-9-]{1,60}$/, '${path}: lower-case letters, digits and dashes'),
  name: yup
    .string()
    .trim()
    .required('${path}: ' + required)
    .max(120),
  bands: yup
    .array(
      yup
        .object({
          upTo: decimal()
            .typeError('${path}: ' + aNumber)
            .nullable()
            .defined()
            .moreThan(0, '${path}: ' + notPositive),
          percent: decimal()
            .typeError('${path}: ' + aNumber)
            .required('${path}: ' + required)
            .min(0, '${path}: ' + notNegative)
            .max(100, '${path}: at most 100'),
        })
        .required(),
    )
    .min(1, '${path}: at least one band')
    .max(10)
    .required('${path}: ' + required)
    .test('bands-order', '${path}: bands must rise, and only the last is open-ended (upTo null)', (bands) =>
      (bands ?? []).every((b, i, all) =>
        i === all.length - 1 ? b.upTo === null : b.upTo !== null && (i === 0 || b.upTo > (all[i - 1]!.upTo ?? 0)),
      ),
    ),
  portions: yup
    .boolean()
    .typeError('${path}: true or false')
    .required('${path}: ' + required),
  minimumFee: money(),
});

const seasonSchema = yup.object({ janSep: money(), octDec: money() }).required();

/** The numbers of a rate card: every tier's fees, storage, referral categories, VAT and the divisor. */
export const feeRatesSchema = yup.object({
  currency: yup
    .string()
    .oneOf([...CURRENCIES], 'rates.currency: choose one of ' + CURRENCIES.join(', '))
    .required('rates.currency: ' + required),
  vatRate: decimal()
    .typeError('rates.vatRate: ' + aNumber)
    .required('rates.vatRate: ' + required)
    .min(0, 'rates.vatRate: ' + notNegative)
    .max(100, 'rates.vatRate: at most 100'),
  dimensionalDivisor: decimal()
    .typeError('rates.dimensionalDivisor: ' + aNumber)
    .required('rates.dimensionalDivisor: ' + required)
    .moreThan(0, 'rates.dimensionalDivisor: ' + notPositive)
    .max(10_000, 'rates.dimensionalDivisor: at most 10,000'),
  fulfillment: yup
    .object(Object.fromEntries(FEE_SIZE_TIERS.map((tier) => [tier, tierFeesSchema])))
    .required('rates.fulfillment: ' + required),
  storage: yup.object({ standard: seasonSchema, oversize: seasonSchema }).required('rates.storage: ' + required),
  referral: yup
    .object({
      defaultCategory: yup
        .string()
        .trim()
        .required('rates.referral.defaultCategory: ' + required),
      categories: yup
        .array(categorySchema.required())
        .min(1, 'rates.referral.categories: at least one')
        .max(FEE_LIMITS.referralCategoriesMax)
        .required('rates.referral.categories: ' + required)
        .test('unique-keys', 'rates.referral.categories: each key once', (cats) => {
          const keys = (cats ?? []).map((c) => c.key);
          return new Set(keys).size === keys.length;
        }),
    })
    .required('rates.referral: ' + required)
    .test('default-known', 'rates.referral.defaultCategory: must be one of the categories', (r) =>
      !r ? true : (r.categories ?? []).some((c) => c.key === r.defaultCategory),
    ),
});

/**
 * POST /api/fees/rate-cards: a new card, or with `id` a change of one. The currency must be the
 * marketplace's; one card per marketplace and date (409 otherwise).
 */
export const rateCardUpsertSchema = yup.object({
  id: integer().positive().max(2_147_483_647).optional(),
  marketplace: yup
    .string()
    .trim()
    .oneOf([...MARKETPLACES], `Choose one of ${MARKETPLACES.join(', ')}`)
    .required(required),
  name: yup.string().trim().required(required).max(FEE_LIMITS.rateCardNameMax),
  effectiveFrom: isoDate().required(required),
  source: yup.string().trim().required(required).max(FEE_LIMITS.rateCardSourceMax),
  rates: feeRatesSchema
    .required(required)
    .test('currency', 'rates.currency: must be the marketplace’s currency', function (rates) {
      const m = (this.parent as { marketplace?: string }).marketplace as Marketplace | undefined;
      return !rates || !m || !MARKETPLACES.includes(m) || rates.currency === MARKETPLACE_CURRENCY[m];
    }),
});
export type RateCardUpsertInput = yup.InferType<typeof rateCardUpsertSchema>;
