import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../limits';
import {
  canArchiveCard,
  canBeMentioned,
  canDeleteCard,
  canDeleteList,
  canEditActivity,
  canRenameList,
  canResetBoard,
  canWorkOnBoard,
  isReservedListName,
  mayReadBoard,
} from './board';
import type { Principal } from './principal';

const BEFORE = '2024-06-01T12:00:00.000Z';
const AFTER = '2025-06-01T12:00:00.000Z';
const mk = (role: Role, over: Partial<Principal> = {}): Principal => ({
  id: 1,
  role,
  isAdmin: role === 'admin',
  createdAt: BEFORE,
  stripeStatus: null,
  alwaysGrantAccess: false,
  Tags: [],
  ...over,
});
const member = { id: 2, role: 'premium' as const };
const templateOwner = { id: 3, role: 'admin' as const };

describe('isReservedListName', () => {
  it('knows the seven reserved names, whatever the case and spaces', () => {
    for (const n of [
      'NOT STARTED',
      'in progress',
      ' On Hold ',
      'FOR REVIEW',
      'completed',
      'Future Actions',
      'PERSONAL NOTES',
    ]) {
      expect(isReservedListName(n)).toBe(true);
    }
    expect(isReservedListName('Ideas')).toBe(false);
    expect(isReservedListName('COMPLETED!')).toBe(false);
  });
});

describe('canWorkOnBoard', () => {
  it('lets an admin work on every board, the template included', () => {
    expect(canWorkOnBoard(mk('admin'), member)).toBe(true);
    expect(canWorkOnBoard(mk('admin'), templateOwner)).toBe(true);
  });
  it('lets a premium member who joined before the cutoff work on their own board only', () => {
    expect(canWorkOnBoard(mk('premium', { id: 2 }), member)).toBe(true);
    expect(canWorkOnBoard(mk('premium', { id: 9 }), member)).toBe(false);
    expect(canWorkOnBoard(mk('premium', { id: 2, createdAt: AFTER }), member)).toBe(false);
  });
  it("lets a coach work on their own and any member's board, not the template", () => {
    expect(canWorkOnBoard(mk('coach', { id: 5 }), { id: 5, role: 'coach' })).toBe(true);
    expect(canWorkOnBoard(mk('coach', { id: 5 }), member)).toBe(true);
    expect(canWorkOnBoard(mk('coach', { id: 5 }), { id: 6, role: 'basic' })).toBe(true);
    expect(canWorkOnBoard(mk('coach', { id: 5 }), templateOwner)).toBe(false);
  });
  it('gives basic and course only members and anonymous users no board', () => {
    for (const role of ['basic', 'course only'] as const) {
      expect(canWorkOnBoard(mk(role, { id: 2 }), { id: 2, role })).toBe(false);
      expect(canWorkOnBoard(mk(role), member)).toBe(false);
    }
    expect(canWorkOnBoard(null, member)).toBe(false);
  });
});

describe('deleting, renaming and resetting', () => {
  it('lets only an admin delete cards and non-reserved lists', () => {
    for (const role of ROLES) {
      expect(canDeleteCard(mk(role))).toBe(role === 'admin');
      expect(canDeleteList(mk(role), { name: 'Ideas' })).toBe(role === 'admin');
      expect(canDeleteList(mk(role), { name: 'COMPLETED' })).toBe(false);
    }
    expect(canDeleteCard(null)).toBe(false);
  });
  it('never renames a reserved list', () => {
    expect(canRenameList(mk('premium', { id: 2 }), { name: 'Ideas' }, member)).toBe(true);
    expect(canRenameList(mk('admin'), { name: 'ON HOLD' }, member)).toBe(false);
  });
  it('offers reset to the member and coaches, never to admins or on the template', () => {
    expect(canResetBoard(mk('premium', { id: 2 }), member)).toBe(true);
    expect(canResetBoard(mk('coach', { id: 5 }), member)).toBe(true);
    expect(canResetBoard(mk('admin'), member)).toBe(false);
    expect(canResetBoard(mk('admin'), templateOwner)).toBe(false);
    expect(canResetBoard(mk('premium', { id: 9 }), member)).toBe(false);
  });
});

describe('comments', () => {
  it('are edited by their author or an admin', () => {
    expect(canEditActivity(mk('premium', { id: 2 }), 2)).toBe(true);
    expect(canEditActivity(mk('coach', { id: 5 }), 2)).toBe(false);
    expect(canEditActivity(mk('admin'), 2)).toBe(true);
    expect(canEditActivity(mk('premium', { id: 2 }), null)).toBe(false);
  });
  it('mention coaches only', () => {
    for (const role of ROLES) expect(canBeMentioned({ role })).toBe(role === 'coach');
  });
});

describe('canArchiveCard (docs/areas/board.md#behaviour: archive, never delete)', () => {
  it('lets a member archive on their own board, a coach on members’ boards, an admin anywhere', () => {
    const own = (role: Role, createdAt = BEFORE) => canArchiveCard(mk(role, { createdAt }), { id: 1, role });
    expect(own('premium')).toBe(true);
    expect(own('premium', AFTER)).toBe(false); // no board of their own after the cutoff
    expect(own('basic')).toBe(false);
    expect(own('course only')).toBe(false);
    expect(canArchiveCard(mk('premium'), member)).toBe(false);
    expect(canArchiveCard(mk('coach'), member)).toBe(true);
    expect(canArchiveCard(mk('coach'), templateOwner)).toBe(false);
    expect(canArchiveCard(mk('admin'), member)).toBe(true);
    expect(canArchiveCard(mk('admin'), templateOwner)).toBe(true);
    expect(canArchiveCard(null, member)).toBe(false);
    // Delete stays admin-only.
    expect(canDeleteCard(mk('premium'))).toBe(false);
  });
});

describe('mayReadBoard: the client asks before it reads a board route', () => {
  it('reads one’s own board exactly when the board rule lets the owner in', () => {
    for (const role of ROLES) expect(mayReadBoard(mk(role), undefined)).toBe(canWorkOnBoard(mk(role), { id: 1, role }));
    expect(mayReadBoard(mk('course only'), undefined)).toBe(false);
    expect(mayReadBoard(mk('premium'), 1)).toBe(true);
    expect(mayReadBoard(null, undefined)).toBe(false);
  });

  it('reads another’s board only for a role the rule lets in for some owner (a coach, an admin), never a member', () => {
    expect(mayReadBoard(mk('coach'), 42)).toBe(true);
    expect(mayReadBoard(mk('admin'), 42)).toBe(true);
    for (const role of ['premium', 'course only', 'basic'] as const) expect(mayReadBoard(mk(role), 42)).toBe(false);
  });
});
