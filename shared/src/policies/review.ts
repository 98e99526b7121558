import type { ReviewScope } from '../types/review';
import { canWorkOnBoard, type BoardOwner } from './board';
import { isAdminRole, type Principal } from './principal';

/**
 * The review queue (docs/areas/review.md). Coaches and admins read it (members never); a card is sent on
 * from it by whoever may read the queue and work on the card's board (a coach never on an admin's
 * board, the Master Template).
 */
export type ReviewAction = 'review:queue' | 'review:send';

const REVIEW_ACTIONS: readonly string[] = ['review:queue', 'review:send'];

export function isReviewAction(action: string): action is ReviewAction {
  return REVIEW_ACTIONS.includes(action);
}

/** Who reviews: a coach or an admin. */
export function isReviewer(user: Principal | null): boolean {
  return user !== null && (isAdminRole(user) || user.role === 'coach');
}

export function canReview(user: Principal, action: ReviewAction, owner?: BoardOwner): boolean {
  if (!isReviewer(user)) return false;
  if (action === 'review:queue') return true;
  return owner !== undefined && canWorkOnBoard(user, owner);
}

/**
 * The coach filter of the User Dashboard (`coach` of GET /api/user/read-many): 'mine' for a coach
 * or an admin (their own members); a coach's id only for an admin (any coach's members). Returns the
 * coach id to filter by, or null when the viewer may not use that filter.
 */
export function coachFilterFor(user: Principal | null, coach: 'mine' | number): number | null {
  if (!isReviewer(user)) return null;
  if (coach === 'mine') return user!.id;
  return isAdminRole(user!) ? coach : null;
}

/** The dashboard's review card (docs/areas/review.md): a coach's own queue. */
export function showsReviewQueueCard(user: Principal | null): boolean {
  return user !== null && user.role === 'coach';
}

/** The review queue's scopes a viewer may ask for (all three for a reviewer, none for anyone else). */
export function reviewScopesFor(user: Principal | null): readonly ReviewScope[] {
  return isReviewer(user) ? ['mine', 'unassigned', 'all'] : [];
}

/**
 * Who may be a member's coach (docs/areas/review.md#a-members-coach): a user with the coach role, or an admin; never the
 * member themselves.
 */
export function canCoach(candidate: { id: number; role: string }, member: { id: number }): boolean {
  return (candidate.role === 'coach' || candidate.role === 'admin') && candidate.id !== member.id;
}

/** Where the review queue opens: an admin on every card waiting, a coach on their own members'. */
export function defaultReviewScope(user: Principal): ReviewScope {
  return isAdminRole(user) ? 'all' : 'mine';
}
