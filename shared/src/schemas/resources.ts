import * as yup from 'yup';
import { RESOURCES_PER_REQUEST } from '../limits';
import { MESSAGES } from '../messages';
import { decimal, id, integer } from './fields';
import { isSafeLinkUrl } from '../policies/resources';
import { RESOURCE_LIST_TYPES, RESOURCE_TYPES, RESOURCE_VISIBILITIES } from '../types/resources';

const required = MESSAGES.fieldRequired;

const idRefs = () =>
  yup
    .array(yup.object({ id: id().required() }))
    .max(200)
    .default([]);
const optionalText = (max: number) =>
  yup
    .string()
    .trim()
    .max(max)
    .nullable()
    .default(null)
    .transform((v: unknown) => (v === '' ? null : v));

export const RESOURCE_CONTENT_MAX_CHARS = 200_000;
export const RESOURCE_PRICE_MAX = 100_000;
export const RESOURCE_DESCRIPTION_CARD_CHARS = 80;

/** docs/areas/resources.md#validation and the admin resource modal's own words. */
export const RESOURCE_MESSAGES = {
  priceOrPurchaseUrl: 'Fill in Price or Purchase URL',
  requiredTagWithPurchaseUrl: 'Choose at least one Required Tag when there is a Purchase URL',
  linkUrl: 'Enter the address (http or https) this Link opens',
  invalidUrl: 'Enter a full address starting with http:// or https://',
  purchaseUrlHost: 'Use an https address of an allowed store',
  chooseCourse: 'Choose the course this resource opens',
  price: 'Enter a price above 0 with at most 2 decimals',
} as const;

const url = () =>
  optionalText(2000).test(
    'url',
    RESOURCE_MESSAGES.invalidUrl,
    (v) => v === null || v === undefined || isSafeLinkUrl(v),
  );

/** Dollars, > 0, at most 2 decimals; '' and null mean no price. */
const price = () =>
  decimal()
    .transform((value: number, original: unknown) => {
      if (original === '' || original === null || original === undefined) return null;
      if (typeof original === 'number') return value;
      if (typeof original === 'string' && /^\d{1,9}(\.\d{1,2})?$/.test(original.trim())) return Number(original);
      return Number.NaN;
    })
    .typeError(RESOURCE_MESSAGES.price)
    .nullable()
    .default(null)
    .moreThan(0, RESOURCE_MESSAGES.price)
    .max(RESOURCE_PRICE_MAX, `The price can be at most $${RESOURCE_PRICE_MAX}`)
    .test(
      'cents',
      RESOURCE_MESSAGES.price,
      (v) => v === null || v === undefined || Math.abs(Math.round(v * 100) - v * 100) < 1e-6,
    );

/**
 * docs/areas/resources.md#validation Resource: default type Link; a Link needs its URL, a Course its course (no URL field);
 * For Sale items need a Price or a Purchase URL, and a Purchase URL needs at least one Required Tag
 * (the store grants the tag, the tag grants access). The API also checks the purchase URL's host.
 */
export const resourceUpsertSchema = yup
  .object({
    id: id().optional(),
    title: yup.string().trim().required(required).max(200),
    description: optionalText(2000),
    coverPhotoUrl: optionalText(2000),
    type: yup.string().oneOf(RESOURCE_TYPES).default('Link'),
    visibility: yup.string().oneOf(RESOURCE_VISIBILITIES).default('Free'),
    content: yup.string().max(RESOURCE_CONTENT_MAX_CHARS, 'The article is too long').nullable().default(null),
    url: url(),
    price: price(),
    purchaseUrl: url(),
    CourseId: id().nullable().default(null),
    publishedAt: yup
      .date()
      .transform((value: Date, original: unknown) => (original === '' || original === null ? null : value))
      .nullable()
      .default(null)
      .min(new Date('2000-01-01'), 'Enter a date after 2000')
      .max(new Date('2100-01-01'), 'Enter a date before 2100'),
    hidden: yup.boolean().default(false),
    ResourceCategories: idRefs(),
    Tags: idRefs(),
  })
  .test('by-type-and-visibility', '', function check(value) {
    const errors: yup.ValidationError[] = [];
    const add = (path: string, message: string) => errors.push(this.createError({ path, message }));
    if (value.type === 'Link' && !value.url) add('url', RESOURCE_MESSAGES.linkUrl);
    if (value.type === 'Course' && !value.CourseId) add('CourseId', RESOURCE_MESSAGES.chooseCourse);
    const forSale = value.visibility === 'For Sale' || value.visibility === 'For Sale Premium';
    if (forSale && !value.price && !value.purchaseUrl) add('price', RESOURCE_MESSAGES.priceOrPurchaseUrl);
    if (forSale && value.purchaseUrl && (value.Tags ?? []).length === 0) {
      add('Tags', RESOURCE_MESSAGES.requiredTagWithPurchaseUrl);
    }
    return errors.length === 0 ? true : new yup.ValidationError(errors);
  });
export type ResourceUpsertInput = yup.InferType<typeof resourceUpsertSchema>;

/** GET /api/resource/read-many: search, categories (repeatable), type, itemsPerPage (≤ 1000), page. */
export const resourceListQuerySchema = yup.object({
  search: yup.string().trim().max(200).default(''),
  type: yup.string().oneOf(RESOURCE_LIST_TYPES).default('all'),
  categories: yup.array(id().required()).max(200).default([]),
  itemsPerPage: integer().min(1).max(RESOURCES_PER_REQUEST).default(RESOURCES_PER_REQUEST),
  page: integer().min(1).max(1_000_000).default(1),
});
export type ResourceListQuery = yup.InferType<typeof resourceListQuerySchema>;

export const categoryUpsertSchema = yup.object({
  id: id().optional(),
  name: yup.string().trim().required(required).max(100),
  /** Premium slides (course-only members open its Included with Premium resources). Absent: unchanged (false when new). */
  premiumSlides: yup.boolean().strict().optional(),
});
export type CategoryUpsertInput = yup.InferType<typeof categoryUpsertSchema>;

const stripeId = (prefix: string) =>
  yup
    .string()
    .trim()
    .required(required)
    .max(255)
    .matches(new RegExp(`^${prefix}_[A-Za-z0-9_]+$`), 'Invalid identifier');

/** The client's userId (if any) is ignored: the API always uses the session's user. */
export const createPaymentIntentSchema = yup.object({
  resourceId: id().required(required),
  paymentMethodId: stripeId('pm'),
});
export type CreatePaymentIntentInput = yup.InferType<typeof createPaymentIntentSchema>;

export const confirmPaymentSchema = yup.object({ paymentIntentId: stripeId('pi') });

const invalidCustomerId = 'Invalid customer id';
/** The route parameter of POST /api/stripe/create-customer-portal/:customerId: a Stripe customer id. */
export const customerPortalSchema = yup.object({
  customerId: yup
    .string()
    .required(invalidCustomerId)
    .matches(/^cus_[A-Za-z0-9_]{1,250}$/, invalidCustomerId),
});
