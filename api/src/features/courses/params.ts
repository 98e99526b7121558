import { SLUG_PATTERN } from '@shared/schemas';
import { MESSAGES } from '@shared/messages';
import { notFound } from '../../core/errors';
import { assertCan } from '../../core/refuse';
import { singleQuery } from '../../core/validate';
import type { PortalContext } from '../../core/context';
import type { Actor } from './course-service';

/** A slug that could exist (anything else cannot name a course). */
export function isPossibleSlug(value: string | undefined): value is string {
  return typeof value === 'string' && value.length <= 100 && SLUG_PATTERN.test(value);
}

/**
 * The input of GET /api/course/:slug: a slug that cannot exist is a 404 before the query string is
 * read; the query values must be single.
 */
export function detailQuery(ctx: PortalContext): Record<string, string> {
  if (!isPossibleSlug(ctx.params.slug)) throw notFound(MESSAGES.courseNotFound);
  return singleQuery(ctx);
}

/**
 * The body of a reorder call, read for course managers only: the policy is asked before the list
 * is validated (a logged 403 through assertCan), so a member who sends any list, even an empty
 * one, is refused as before the chain rather than told the list is too short.
 */
export function bodyForManagers(ctx: PortalContext): unknown {
  assertCan(ctx, 'course:manage');
  return ctx.request.body;
}

/** Who writes, for the audit rows. */
export function actorOf(ctx: { user: { id: number }; ip: string }): Actor {
  return { actorId: ctx.user.id, ip: ctx.ip };
}
