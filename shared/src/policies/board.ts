import type { Role } from '../limits';
import { RESERVED_LIST_NAMES } from '../types/board';
import { hasOwnBoard, isAdminRole, type Principal } from './principal';

/** The owner of a board, as far as the board rules need to know them. */
export interface BoardOwner {
  id: number;
  role: Role;
}

/** Reserved list names (SPEC §3), compared without regard to case or surrounding spaces. */
export function isReservedListName(name: string): boolean {
  const wanted = name.trim().toUpperCase();
  return (RESERVED_LIST_NAMES as readonly string[]).includes(wanted);
}

/**
 * Who reads and works on whose board (SPEC §2, §6): an admin on every board; a member with a
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

/** Only an admin deletes cards (SPEC §6). */
export function canDeleteCard(user: Principal | null): boolean {
  return user !== null && isAdminRole(user);
}

/**
 * Archive and restore a card (never a delete): whoever works on the board, so a member archives
 * the cards of their own board, a coach those of members' boards, an admin any (issue 12).
 */
export function canArchiveCard(user: Principal | null, owner: BoardOwner): boolean {
  return canWorkOnBoard(user, owner);
}

/** Only an admin deletes lists, and never a reserved one (SPEC §3, §6). */
export function canDeleteList(user: Principal | null, list: { name: string }): boolean {
  return user !== null && isAdminRole(user) && !isReservedListName(list.name);
}

/** Reserved lists keep their names; others may be renamed by whoever works on the board. */
export function canRenameList(user: Principal | null, list: { name: string }, owner: BoardOwner): boolean {
  return canWorkOnBoard(user, owner) && !isReservedListName(list.name);
}

/**
 * 'Reset board' replaces a member's board with a copy of the Master Template. It is not offered
 * to admins (SPEC §2, §6), and the template itself (an admin's board) cannot be reset.
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

/** Coaches are the people a comment may mention (SPEC §6). */
export function canBeMentioned(person: { role: Role }): boolean {
  return person.role === 'coach';
}
