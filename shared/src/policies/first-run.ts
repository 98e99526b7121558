import type { FirstRunStepKey } from '../types/first-run';
import { hasOwnBoard, type Principal } from './principal';
import { canUseSellerTools } from './products';

/**
 * The getting-started checklist of the dashboard (docs/screens.md#getting-started), asked through can():
 * - first-run:own: read one's own checklist and hide or show it: the member roles (premium, course
 *   only, basic). Coaches and admins never get it; an administrator who switched to a member role
 *   sees what that role sees, like everywhere else (docs/roles.md#switching-roles).
 */
export type FirstRunAction = 'first-run:own';

export const FIRST_RUN_ACTIONS: readonly FirstRunAction[] = ['first-run:own'];

export function isFirstRunAction(action: string): action is FirstRunAction {
  return (FIRST_RUN_ACTIONS as readonly string[]).includes(action);
}

export function canUseFirstRun(user: Principal | null): boolean {
  if (!user) return false;
  return user.role === 'premium' || user.role === 'course only' || user.role === 'basic';
}

/**
 * The steps the member's role can take, in order. A step the role cannot take is left out rather
 * than shown undoable: the qualifier for course only members (they get its upgrade prompt), the card
 * sent to FOR REVIEW for members without a board of their own (the cutoff, basic and course only).
 */
export function firstRunSteps(user: Principal): FirstRunStepKey[] {
  if (!canUseFirstRun(user)) return [];
  const steps: FirstRunStepKey[] = ['lesson'];
  if (canUseSellerTools(user, 'qualifier:use')) steps.push('qualifier');
  steps.push('product');
  if (hasOwnBoard(user)) steps.push('review');
  return steps;
}

/** How long after joining a member who has done every step still sees the checklist's "All done". */
export const FIRST_RUN_ALL_DONE_DAYS = 30;

/**
 * Whether the dashboard shows the checklist: not hidden, and a step still open. With every step done
 * it stays (with its "All done" and Hide) for members who joined in the last FIRST_RUN_ALL_DONE_DAYS
 * days; a long-standing member who has done it all never meets it.
 */
export function showsFirstRunCard(
  user: Principal,
  firstRun: { dismissed: boolean; steps: ReadonlyArray<{ done: boolean }> },
  now: number = Date.now(),
): boolean {
  if (!canUseFirstRun(user) || firstRun.dismissed || firstRun.steps.length === 0) return false;
  if (firstRun.steps.some((s) => !s.done)) return true;
  const created = user.createdAt instanceof Date ? user.createdAt.getTime() : Date.parse(user.createdAt);
  return now - created < FIRST_RUN_ALL_DONE_DAYS * 86_400_000;
}
