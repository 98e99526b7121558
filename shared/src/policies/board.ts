import { ROLES, type Role } from '../limits';
import { isReservedListName } from '../board/list-roles';
import { hasOwnBoard, isAdminRole, type Principal } from './principal';

/** The owner of a board, as far as the board rules need to know them. */
export interface BoardOwner {
  id: number;
  role: Role;
}

/** Reserved list names, compared without regard to case or surrounding spaces (board/list-roles.ts). */
export { isReservedListName };

/**
 * Who reads and works on whose board (docs/areas/board.md#screens, docs/areas/board.md#who-may-do-what): an admin on every board; a member with a
 * board of their own (premium before the cutoff, coach) on it; a coach on any member's board,
 * but not on an admin's board (the Master Template is the admins'). Everyone else on none.
 */
export function canWorkOnBoard(user: Principal | null, owner: BoardOwner): boolean {
  if (!user) return false;
  if (isAdminRole(user)) return true;
  if (owner.id === user.id) return hasOwnBoard(user);
  if (user.role === 'coach') return owner.role !== 'admin';
  return false;
}

/**
 * Whether the board of `requested` (undefined: one's own) may be read by `user`, asked before the
 * owner is known (the client's read of a board route: first screen and board screen). One's own
 * board by `canWorkOnBoard` itself; another's when the rule lets the user in for some owner role
 * (a coach on a member's board): the server then decides with the real owner. No: nothing is read.
 */
export function mayReadBoard(user: Principal | null, requested: number | undefined): boolean {
  if (!user) return false;
  if (requested === undefined || requested === user.id) return canWorkOnBoard(user, { id: user.id, role: user.role });
  return ROLES.some((role) => canWorkOnBoard(user, { id: requested, role }));
}

/** Only an admin deletes cards (docs/areas/board.md#who-may-do-what). */
export function canDeleteCard(user: Principal | null): boolean {
  return user !== null && isAdminRole(user);
}

/**
 * Archive and restore a card (never a delete): whoever works on the board, so a member archives
 * the cards of their own board, a coach those of members' boards, an admin any (docs/areas/board.md#who-may-do-what).
 */
export function canArchiveCard(user: Principal | null, owner: BoardOwner): boolean {
  return canWorkOnBoard(user, owner);
}

/** Only an admin deletes lists, and never a reserved one (docs/areas/board.md#data, docs/areas/board.md#who-may-do-what). */
export function canDeleteList(user: Principal | null, list: { name: string }): boolean {
  return user !== null && isAdminRole(user) && !isReservedListName(list.name);
}

/** Reserved lists keep their names; others may be renamed by whoever works on the board. */
export function canRenameList(user: Principal | null, list: { name: string }, owner: BoardOwner): boolean {
  return canWorkOnBoard(user, owner) && !isReservedListName(list.name);
}

/**
 * 'Reset board' replaces a member's board with a copy of the Master Template. It is not offered
 * to admins (docs/areas/board.md#screens, docs/areas/board.md#who-may-do-what), and the template itself (an admin's board) cannot be reset.
 */
export function canResetBoard(user: Principal | null, owner: BoardOwner): boolean {
  if (!user || isAdminRole(user) || owner.role === 'admin') return false;
  return canWorkOnBoard(user, owner);
}

/** A comment is edited or deleted by its author, or by an admin. */
export function canEditActivity(user: Principal | null, authorId: number | null): boolean {
  if (!user) return false;
  return isAdminRole(user) || (authorId !== null && authorId === user.id);
}

/** Coaches are the people a comment may mention (docs/areas/board.md#who-may-do-what). */
export function canBeMentioned(person: { role: Role }): boolean {
  return person.role === 'coach';
}

/** The board's actions, asked through the one `can()` like every other policy. */
export type BoardAction =
  'board:own' | 'board:work' | 'board:reset' | 'board:card-delete' | 'board:list-delete' | 'board:activity-edit';

const BOARD_ACTIONS: readonly string[] = [
  'board:own',
  'board:work',
  'board:reset',
  'board:card-delete',
  'board:list-delete',
  'board:activity-edit',
];

export function isBoardAction(action: string): action is BoardAction {
  return BOARD_ACTIONS.includes(action);
}

/**
 * What a board action is about: the board's owner, plus the list (its name) for a list delete and
 * the comment's author for a comment edit.
 */
export interface BoardSubject extends BoardOwner {
  listName?: string;
  authorId?: number | null;
}

/**
 * The board rules as one question. Every action but `board:own` (has a board of one's own) needs
 * the board's owner; without it the answer is no.
 */
export function canOnBoard(user: Principal, action: BoardAction, subject?: BoardSubject): boolean {
  if (action === 'board:own') return hasOwnBoard(user);
  if (!subject) return false;
  const owner: BoardOwner = { id: subject.id, role: subject.role };
  switch (action) {
    case 'board:work':
      return canWorkOnBoard(user, owner);
    case 'board:reset':
      return canResetBoard(user, owner);
    case 'board:card-delete':
      return canWorkOnBoard(user, owner) && canDeleteCard(user);
    case 'board:list-delete':
      return canWorkOnBoard(user, owner) && canDeleteList(user, { name: subject.listName ?? '' });
    case 'board:activity-edit':
      return canWorkOnBoard(user, owner) && canEditActivity(user, subject.authorId ?? null);
  }
}
