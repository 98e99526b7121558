import { ValidationError, type AnyObject, type InferType, type ObjectSchema } from 'yup';
import type { Middleware, Next } from 'koa';
import { badRequest } from './errors';
import type { PortalContext } from './context';

/** Yup's messages for type errors are technical; report them as a plain field message. */
function fieldMessage(err: ValidationError): string {
  if (err.type === 'typeError') return 'Please enter a valid value';
  return err.message;
}

/**
 * Keys of a JSON body that name Object.prototype's own members: no schema has them, and yup would look
 * them up as fields (`constructor` is Object itself) and fail. Dropped before validation, like any
 * other unknown key.
 */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Validates `input` with a shared yup schema (unknown keys stripped, values cast) or throws a
 * 400 with one message per field. `rename` maps a schema path to the field name the UI expects.
 */
export async function parse<S extends ObjectSchema<AnyObject>>(
  schema: S,
  input: unknown,
  rename: Record<string, string> = {},
): Promise<InferType<S>> {
  const data =
    input && typeof input === 'object' && !Array.isArray(input)
      ? Object.fromEntries(Object.entries(input).filter(([key]) => !PROTOTYPE_KEYS.has(key)))
      : {};
  try {
    return await schema.validate(data, { abortEarly: false, stripUnknown: true });
  } catch (err) {
    // A cast that breaks on a wrong type (e.g. trim() of an array) is bad input, not a server fault.
    if (err instanceof TypeError) throw badRequest('Please enter a valid value');
    if (!(err instanceof ValidationError)) throw err;
    const fields: Record<string, string> = {};
    const all = err.inner.length > 0 ? err.inner : [err];
    for (const e of all) {
      const path = (e.path ?? '_').split(/[.[]/)[0] || '_';
      const key = rename[path] ?? path;
      if (!fields[key]) fields[key] = fieldMessage(e);
    }
    const first = Object.values(fields)[0] ?? 'Invalid input';
    throw badRequest(first, fields);
  }
}

/** Parses a positive integer route parameter, or throws 404 (an id that cannot exist). */
export function idParam(value: string | undefined): number {
  const n = Number(value);
  if (!value || !/^\d{1,10}$/.test(value) || !Number.isSafeInteger(n) || n <= 0 || n > 2_147_483_647) {
    throw badRequest('Invalid id', { id: 'Invalid id' });
  }
  return n;
}

/**
 * The optional `id` of an upsert body (a plain object; anything else has none): absent, null or ''
 * means create; anything but a positive integer (or its digits) is a 400.
 */
export function optionalId(body: unknown): number | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body) || !Object.hasOwn(body, 'id')) return undefined;
  const raw = (body as { id?: unknown }).id;
  if (raw === undefined || raw === null || raw === '') return undefined;
  return idParam(typeof raw === 'number' || typeof raw === 'string' ? String(raw) : 'invalid');
}

/** Query values must be single: ?userId=1&userId=2 is a 400, not a guess. Empty values are absent. */
export function singleQuery(ctx: { query: Record<string, string | string[] | undefined> }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(ctx.query)) {
    if (Array.isArray(v)) throw badRequest('Repeated query parameter', { [k]: 'Give this parameter once' });
    if (v !== undefined && v !== '') out[k] = v;
  }
  return out;
}

/** Where an endpoint's input comes from: the JSON body, the query string, or a function of the request. */
export type InputSource = 'body' | 'query' | ((ctx: PortalContext) => unknown);

export interface ValidateOptions {
  from?: InputSource;
  /** Route parameters that are ids (`:id`): checked with `idParam` first and added to the input. */
  ids?: readonly string[];
  rename?: Record<string, string>;
}

function sourceOf(ctx: PortalContext, from: InputSource): unknown {
  if (typeof from === 'function') return from(ctx);
  return from === 'query' ? singleQuery(ctx) : ctx.request.body;
}

/**
 * The validation step of the chain: parses the input with a shared yup schema (a 400 with one
 * message per field) and puts the result on `ctx.input`. Without a schema only the ids are read.
 */
export function validate(schema: ObjectSchema<AnyObject> | undefined, options: ValidateOptions = {}): Middleware {
  return async (ctx, next: Next) => {
    const c = ctx as unknown as PortalContext;
    const ids: Record<string, number> = {};
    for (const name of options.ids ?? []) ids[name] = idParam(c.params[name]);
    const parsed = schema ? await parse(schema, sourceOf(c, options.from ?? 'body'), options.rename) : {};
    c.input = { ...parsed, ...ids };
    await next();
  };
}
