import { ValidationError, type AnyObject, type InferType, type ObjectSchema } from 'yup';
import { badRequest } from './errors';

/** Yup's messages for type errors are technical; report them as a plain field message. */
function fieldMessage(err: ValidationError): string {
  if (err.type === 'typeError') return 'Please enter a valid value';
  return err.message;
}

/**
 * Validates `input` with a shared yup schema (unknown keys stripped, values cast) or throws a
 * 400 with one message per field. `rename` maps a schema path to the field name the UI expects.
 */
export async function parse<S extends ObjectSchema<AnyObject>>(
  schema: S,
  input: unknown,
  rename: Record<string, string> = {},
): Promise<InferType<S>> {
  const data = input && typeof input === 'object' && !Array.isArray(input) ? input : {};
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
