import * as yup from 'yup';
import { ADDITIONAL_FEES_TYPES } from '../calc/additional-fees';
import { MESSAGES } from '../messages';

const required = MESSAGES.fieldRequired;

/** Bounds that keep every figure finite and meaningful (SPEC §5 gives none beyond "non-negative"). */
export const PRODUCT_LIMITS = {
  titleMax: 200,
  descriptionMax: 2000,
  unitsMax: 10_000_000,
  moneyMax: 1_000_000_000,
  percentMax: 100,
  daysMax: 3650,
  /** Products one member may keep (read-many returns them all). */
  productsPerUser: 1000,
} as const;

export const PRODUCT_FIELD_MESSAGES = {
  notNegative: 'Please enter 0 or more',
  unitsPositive: 'Please enter at least 1 unit',
  wholeNumber: 'Please enter a whole number',
  tooLarge: (max: number) => `Please enter at most ${max.toLocaleString('en-US')}`,
} as const;

const M = PRODUCT_FIELD_MESSAGES;

/** '' and blanks mean "not filled in". */
const blankToUndefined = (v: unknown, original: unknown) =>
  typeof original === 'string' && original.trim() === '' ? undefined : v;

/** Only numbers and numeric strings are numbers here: [1] or {} is a type error, not 1. */
const scalarOnly = (v: unknown, original: unknown) =>
  original !== null && typeof original === 'object' ? Number.NaN : v;

const amount = (max: number = PRODUCT_LIMITS.moneyMax) =>
  yup.number().transform(blankToUndefined).transform(scalarOnly).min(0, M.notNegative).max(max, M.tooLarge(max));
const count = (max: number) => amount(max).integer(M.wholeNumber);

/** A required amount (cost, shipping, fees, price). */
const requiredAmount = () => amount().required(required);
/** An optional amount: blank is stored as null (counted as 0 by the calculator). */
const optionalAmount = (max?: number) => amount(max).nullable().optional();
const optionalCount = (max: number) => count(max).nullable().optional();

/**
 * The product fields a member enters (SPEC §3, §5): title, units, cost per unit, shipping, Amazon
 * fees and retail price required; numbers non-negative; units a positive whole number. Additional
 * fees are not range-checked here: out-of-range input is ignored (the stored value is kept), see
 * applyAdditionalFees.
 */
export const productFieldsSchema = yup.object({
  title: yup.string().trim().required(required).max(PRODUCT_LIMITS.titleMax, M.tooLarge(PRODUCT_LIMITS.titleMax)),
  description: yup
    .string()
    .trim()
    .max(PRODUCT_LIMITS.descriptionMax)
    .nullable()
    .optional()
    .transform((v: unknown) => (v === '' ? null : v)),
  units: count(PRODUCT_LIMITS.unitsMax).required(required).min(1, M.unitsPositive),
  costPerUnit: requiredAmount(),
  shippingCost: requiredAmount(),
  amazonFees: requiredAmount(),
  amazonRetail: requiredAmount(),
  additionalFees: yup
    .mixed<number | string>()
    .nullable()
    .optional()
    .test(
      'number-like',
      'Please enter a number',
      (v) => v == null || typeof v === 'number' || (typeof v === 'string' && v.length <= 32),
    ),
  typeAdditionalFees: yup
    .string()
    .oneOf([...ADDITIONAL_FEES_TYPES])
    .optional(),
  promotionUnitsPerDay: optionalCount(PRODUCT_LIMITS.unitsMax),
  promotionPercentage: optionalAmount(PRODUCT_LIMITS.percentMax),
  promotionDays: optionalCount(PRODUCT_LIMITS.daysMax),
  dailyAdvertisingCost: optionalAmount(),
  spend: optionalAmount(),
  sales: optionalAmount(),
  projectedUnits: optionalCount(PRODUCT_LIMITS.unitsMax),
});
export type ProductFieldsInput = yup.InferType<typeof productFieldsSchema>;

/** The envelope of POST /api/product/upsert: {product, typeAdditionalFees}. */
export const productUpsertEnvelopeSchema = yup.object({
  product: yup.object().required(required),
  typeAdditionalFees: yup
    .string()
    .oneOf([...ADDITIONAL_FEES_TYPES])
    .optional(),
});

/** The keys of a product a member may send (anything else is dropped). */
export const PRODUCT_INPUT_KEYS = [
  'title',
  'description',
  'units',
  'costPerUnit',
  'shippingCost',
  'amazonFees',
  'amazonRetail',
  'additionalFees',
  'typeAdditionalFees',
  'promotionUnitsPerDay',
  'promotionPercentage',
  'promotionDays',
  'dailyAdvertisingCost',
  'spend',
  'sales',
  'projectedUnits',
] as const;
export type ProductInputKey = (typeof PRODUCT_INPUT_KEYS)[number];
