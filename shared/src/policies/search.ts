import type { Role } from '../limits';
import { canWorkOnBoard } from './board';
import { hasOwnBoard, type Principal } from './principal';
import { inUserDirectory, userDirectoryScope } from './user-scope';

/**
 * The command palette's one search (docs/areas/search.md), asked through can(): every signed-in user
 * searches; what each finds is decided per kind. Courses, lessons and resources follow their areas'
 * own rules (courseAudience, resourceAudience); products are one's own; the rest is below.
 */
export type SearchAction = 'search:use';

export function isSearchAction(action: string): action is SearchAction {
  return action === 'search:use';
}

export function canSearch(user: Principal | null): boolean {
  return user !== null;
}

/**
 * Whose accounts (and boards) a search reaches besides one's own: an admin everyone (the User
 * Dashboard's 'everyone'); a coach the members they coach (`users.coach_id`, the "My members" and
 * Insights rule) that their User Dashboard also lists (premium members, userDirectoryScope), so every
 * member found opens there; anyone else nobody.
 */
export type MemberSearchScope = { kind: 'everyone' } | { kind: 'coached'; coachId: number } | null;

export function memberSearchScope(user: Principal | null): MemberSearchScope {
  const directory = userDirectoryScope(user);
  if (directory === 'everyone') return { kind: 'everyone' };
  if (directory === 'premium-members') return { kind: 'coached', coachId: user!.id };
  return null;
}

/** A user as the member search sees them. */
export interface SearchableUser {
  id: number;
  role: Role;
  isAdmin: boolean;
  coachId: number | null;
}

/** Whether a search by `user` lists `member` (never oneself: one's own account is Settings). */
export function findsMember(user: Principal | null, member: SearchableUser): boolean {
  const scope = memberSearchScope(user);
  if (!scope || member.id === user!.id || !inUserDirectory(user, member)) return false;
  return scope.kind === 'everyone' || member.coachId === scope.coachId;
}

/**
 * Whether a search by `user` lists the cards of `owner`'s board: one's own when one has a board of
 * one's own; another's when the search finds that member and the board rules let the user work on
 * their board (canWorkOnBoard: an admin every board, a coach every board but an admin's).
 */
export function findsCardsOf(user: Principal | null, owner: SearchableUser): boolean {
  if (!user) return false;
  if (owner.id === user.id) return hasOwnBoard(user);
  return findsMember(user, owner) && canWorkOnBoard(user, owner);
}
