import type { Middleware } from 'koa';
import { HttpError } from './errors';

/**
 * How deeply a JSON body may nest objects and arrays (the top-level value is level 1). The
 * portal's deepest legitimate body is a handful of levels (a user's `Tags: [{ id }]` is 3);
 * validation walks values recursively, so a 5000-level array would overflow its stack.
 */
export const MAX_BODY_DEPTH = 32;

export const BODY_TOO_DEEP_MESSAGE = `The request body is nested too deeply (at most ${MAX_BODY_DEPTH} levels)`;

/**
 * Whether `value` nests deeper than `limit` levels. Iterative (an explicit stack), so the check
 * itself cannot overflow whatever the input; it stops at the first container past the limit.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const { value: v, depth } = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth > limit) return true;
    const children = Array.isArray(v) ? v : Object.values(v as Record<string, unknown>);
    for (const child of children) {
      if (child !== null && typeof child === 'object') stack.push({ value: child, depth: depth + 1 });
    }
  }
  return false;
}

/**
 * Refuses a parsed body deeper than MAX_BODY_DEPTH with a 400, before any validation runs.
 * Registered right after the body parser. Query strings need no check: Koa parses them flat
 * (`a[b][c]=1` is the key "a[b][c]" with a string value), so they cannot nest.
 */
export function limitBodyDepth(): Middleware {
  return async (ctx, next) => {
    const body = (ctx.request as { body?: unknown }).body;
    if (nestsDeeperThan(body, MAX_BODY_DEPTH)) throw new HttpError(400, 'validation_failed', BODY_TOO_DEEP_MESSAGE);
    await next();
  };
}
