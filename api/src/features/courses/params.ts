import { SLUG_PATTERN } from '@shared/schemas';
import { badRequest } from '../../core/errors';
import { requireUser } from '../../core/auth';
import type { PortalContext } from '../../core/context';
import type { Actor } from './course-service';

/** Query values must be single strings: ?search=a&search=b is a 400, not a 500. Empty means absent. */
export function singleValues(query: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) {
    if (Array.isArray(v)) throw badRequest('Repeated query parameter', { [k]: 'Give this parameter once' });
    if (v !== undefined && v !== '') out[k] = v;
  }
  return out;
}

/** A slug that could exist (anything else cannot name a course). */
export function isPossibleSlug(value: string | undefined): value is string {
  return typeof value === 'string' && value.length <= 100 && SLUG_PATTERN.test(value);
}

/** An optional positive integer query parameter; 400 when present and not one. */
export function optionalId(value: string | undefined, field: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d{1,10}$/.test(value) || n <= 0 || n > 2_147_483_647)
    throw badRequest('Invalid id', { [field]: 'Invalid id' });
  return n;
}

export function actorOf(ctx: PortalContext): Actor {
  return { actorId: requireUser(ctx).id, ip: ctx.ip };
}
