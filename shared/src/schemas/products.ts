import * as yup from 'yup';
import { ADDITIONAL_FEES_MAX_PERCENT, ADDITIONAL_FEES_TYPES } from '../calc/additional-fees';
import { SOLVE_TARGETS, type SolveTarget } from '../calc/solve';
import { MARKETPLACES } from '../calc/fees';
import { MESSAGES } from '../messages';
import { decimal } from './fields';

const required = MESSAGES.fieldRequired;

/** Bounds that keep every figure finite and meaningful (docs/areas/seller-tools.md#validation gives none beyond "non-negative"). */
export const PRODUCT_LIMITS = {
  titleMax: 200,
  descriptionMax: 2000,
  unitsMax: 10_000_000,
  moneyMax: 1_000_000_000,
  percentMax: 100,
  daysMax: 3650,
  /** Products one member may keep (read-many returns them all). */
  productsPerUser: 1000,
  /** Named scenarios per product (docs/areas/seller-tools.md#scenarios-and-sensitivity). */
  scenariosPerProduct: 5,
  scenarioNameMax: 60,
  /** A percentage target of a solve (margin, break-even ACoS) lies within ±this. */
  solvePercentMax: 1000,
} as const;

export const PRODUCT_FIELD_MESSAGES = {
  notNegative: 'Please enter 0 or more',
  unitsPositive: 'Please enter at least 1 unit',
  /** A first order's units: the one number a started product cannot do without. */
  unitsNeeded: 'Please enter how many units your first order has',
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
  decimal().transform(blankToUndefined).transform(scalarOnly).min(0, M.notNegative).max(max, M.tooLarge(max));
const count = (max: number) => amount(max).integer(M.wholeNumber);

/** A required amount (cost, shipping, fees, price). */
const requiredAmount = () => amount().required(required);
/** An optional amount: blank is stored as null (counted as 0 by the calculator). */
const optionalAmount = (max?: number) => amount(max).nullable().optional();
const optionalCount = (max: number) => count(max).nullable().optional();

/**
 * The product fields a member enters (docs/areas/seller-tools.md#data, docs/areas/seller-tools.md#validation): title, units, cost per unit, shipping, Amazon
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
  fbaFee: optionalAmount(),
  referralFee: optionalAmount(),
  storageFee: optionalAmount(),
  feesEstimated: yup.boolean().typeError('Please choose yes or no').optional(),
  marketplace: yup
    .string()
    .oneOf([...MARKETPLACES], 'Choose one of ' + MARKETPLACES.join(', '))
    .optional(),
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
  'fbaFee',
  'referralFee',
  'storageFee',
  'feesEstimated',
  'marketplace',
] as const;
export type ProductInputKey = (typeof PRODUCT_INPUT_KEYS)[number];

/** A scenario's changed inputs: each optional, null (or blank) meaning "as the product". */
export const scenarioChangesSchema = yup.object({
  amazonRetail: optionalAmount(),
  costPerUnit: optionalAmount(),
  shippingCost: optionalAmount(),
  amazonFees: optionalAmount(),
  additionalFees: amount(ADDITIONAL_FEES_MAX_PERCENT).nullable().optional(),
  dailyAdvertisingCost: optionalAmount(),
  spend: optionalAmount(),
  sales: optionalAmount(),
  units: optionalCount(PRODUCT_LIMITS.unitsMax).min(1, M.unitsPositive),
  projectedUnits: optionalCount(PRODUCT_LIMITS.unitsMax),
});
export type ScenarioChangesInput = yup.InferType<typeof scenarioChangesSchema>;

const scenarioName = () =>
  yup
    .string()
    .trim()
    .required(required)
    .max(PRODUCT_LIMITS.scenarioNameMax, `Please use at most ${PRODUCT_LIMITS.scenarioNameMax} characters`);

/**
 * POST /api/product/{id}/scenarios: a new scenario, or (with id) one replaced. `changes` is checked
 * with scenarioChangesSchema, so each field's error is reported under its own name.
 */
export const scenarioUpsertSchema = yup.object({
  id: decimal().typeError('Invalid id').integer('Invalid id').positive('Invalid id').max(2_147_483_647).optional(),
  name: scenarioName(),
  changes: yup.object().optional(),
});
export type ScenarioUpsertInput = yup.InferType<typeof scenarioUpsertSchema>;

/**
 * The body of POST /api/product/{id}/scenarios as one flat object for `scenarioSaveSchema`: its id,
 * name and changes (the raw value, for its type check), then each known key of `changes` beside
 * them. Any other key, at either level, is dropped.
 */
export function scenarioSaveInput(body: unknown): Record<string, unknown> {
  const own = (o: unknown, key: string) =>
    o !== null && typeof o === 'object' && !Array.isArray(o) && Object.hasOwn(o, key)
      ? (o as Record<string, unknown>)[key]
      : undefined;
  const out: Record<string, unknown> = {};
  for (const key of ['id', 'name', 'changes']) {
    const v = own(body, key);
    if (v !== undefined) out[key] = v;
  }
  const changes = out.changes ?? {};
  for (const key of Object.keys(scenarioChangesSchema.fields)) {
    const v = own(changes, key);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/**
 * The scenario body (`scenarioUpsertSchema`) and its changes (`scenarioChangesSchema`) checked
 * together, on `scenarioSaveInput(body)`: one 400 naming every bad field, each change under its
 * own name.
 */
export const scenarioSaveSchema = scenarioUpsertSchema.shape(scenarioChangesSchema.fields);
export type ScenarioSaveInput = yup.InferType<typeof scenarioSaveSchema>;

/** The scenario dialog's form: the name and every change, flat. */
export const scenarioFormSchema = scenarioChangesSchema.shape({ name: scenarioName() });

const PERCENT_TARGETS: readonly SolveTarget[] = ['margin', 'acosBreakEven', 'maxCostPerUnit'];

/** GET /api/product/{id}/solve?target=&value=: percentages within ±1000, dollars within ±moneyMax. */
export const productSolveQuerySchema = yup.object({
  target: yup
    .string()
    .oneOf([...SOLVE_TARGETS], `Choose one of ${SOLVE_TARGETS.join(', ')}`)
    .required(required),
  value: decimal()
    .transform(blankToUndefined)
    .typeError('Please enter a number')
    .required(required)
    .min(-PRODUCT_LIMITS.moneyMax, M.tooLarge(PRODUCT_LIMITS.moneyMax))
    .max(PRODUCT_LIMITS.moneyMax, M.tooLarge(PRODUCT_LIMITS.moneyMax))
    .when('target', {
      is: (t: unknown) => PERCENT_TARGETS.includes(t as SolveTarget),
      then: (x) =>
        x
          .min(-PRODUCT_LIMITS.solvePercentMax, 'Please enter a percentage from -1,000 to 1,000')
          .max(PRODUCT_LIMITS.solvePercentMax, 'Please enter a percentage from -1,000 to 1,000'),
    }),
});
export type ProductSolveQuery = yup.InferType<typeof productSolveQuerySchema>;

/**
 * POST /api/product-qualifier/start: the numbers the qualifier cannot know (units required; blank
 * amounts 0) and an optional title (default: the keyword). The same bounds as a product's fields.
 */
export const qualifierStartSchema = yup.object({
  title: yup
    .string()
    .trim()
    .max(PRODUCT_LIMITS.titleMax, M.tooLarge(PRODUCT_LIMITS.titleMax))
    .optional()
    .transform((v: unknown) => (v === '' ? undefined : v)),
  units: count(PRODUCT_LIMITS.unitsMax).required(M.unitsNeeded).min(1, M.unitsPositive),
  costPerUnit: optionalAmount(),
  shippingCost: optionalAmount(),
  amazonFees: optionalAmount(),
  amazonRetail: optionalAmount(),
});
export type QualifierStartInput = yup.InferType<typeof qualifierStartSchema>;
