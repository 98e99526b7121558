import { hasOwnBoard, isAdminRole, type Principal } from './principal';

/**
 * Recurring cards and playbooks (docs/areas/playbooks.md), asked through can():
 * - recurring:manage: keep recurring cards: a member with a board of their own for that board
 *   alone; a coach or an admin for members (by id or tag) too;
 * - recurring:for-others: a recurring card or a playbook aimed at other members (userIds, tagIds):
 *   coaches and admins;
 * - playbook:manage: keep playbooks and apply them to members: coaches and admins (role admin);
 * - playbook:launch: apply the launch playbook to one's own board (the qualifier's "Start this
 *   product"): whoever has a board of their own.
 */
export type PlaybookAction = 'recurring:manage' | 'recurring:for-others' | 'playbook:manage' | 'playbook:launch';

export const PLAYBOOK_ACTIONS: readonly PlaybookAction[] = [
  'recurring:manage',
  'recurring:for-others',
  'playbook:manage',
  'playbook:launch',
];

export function isPlaybookAction(action: string): action is PlaybookAction {
  return (PLAYBOOK_ACTIONS as readonly string[]).includes(action);
}

/** Coaches and admins plan for members. */
function plansForMembers(user: Principal): boolean {
  return isAdminRole(user) || user.role === 'coach';
}

export function canUsePlaybooks(user: Principal | null, action: PlaybookAction): boolean {
  if (!user) return false;
  switch (action) {
    case 'recurring:manage':
      return hasOwnBoard(user) || plansForMembers(user);
    case 'recurring:for-others':
    case 'playbook:manage':
      return plansForMembers(user);
    case 'playbook:launch':
      return hasOwnBoard(user);
  }
}
