import type { Principal } from './principal';

/**
 * Test fixtures of the policy tests (routes, sidebar, dashboard): sign-up dates around the Move the
 * Needle cutoff (2025-02-13) and a principal built from a few overrides.
 */
export const BEFORE = '2024-06-01T12:00:00.000Z';
export const JUST_BEFORE = '2025-02-12T23:59:59.999Z';
export const AT_CUTOFF = '2025-02-13T00:00:00.000Z';
export const AFTER = '2025-06-01T12:00:00.000Z';
export const AI_TAG = [{ id: 7, name: 'aitoolkit' }];

/** An active basic member who joined before the cutoff, with `over` applied. */
export function mk(over: Partial<Principal>): Principal {
  return {
    id: 100,
    role: 'basic',
    isAdmin: false,
    createdAt: BEFORE,
    stripeStatus: 'active',
    alwaysGrantAccess: false,
    Tags: [],
    ...over,
  };
}
