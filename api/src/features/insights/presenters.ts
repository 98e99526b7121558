import type { AtRiskMember, AtRiskReason } from '@shared/types/insights';
import { can, canSeeBillingFields, type Principal } from '@shared/policies';
import { iso } from '../../core/dates';
import type { User } from '../../models';

export type AtRiskRow = Pick<User, 'id' | 'full_name' | 'email' | 'role' | 'stripe_status'> & {
  last_active: string | null;
  board_changed: Date | string | null;
  r_payment: boolean;
  r_inactive: boolean;
  r_board: boolean;
  total: number | string;
};

/**
 * A member at risk as `reader` may see them: whitelisted fields, the reasons and the page's links.
 * The coach policy decides, as for GET /api/user/:id and its presenter: the email and the User
 * Dashboard link only when the reader may open the member (`user:read`: an admin everyone, a coach
 * premium members, docs/roles.md), `stripeStatus` only when the reader sees their billing fields
 * (role admin; a coach never). The board link whenever the member has a board. (At-risk members
 * are never administrators: the query leaves them out.)
 */
export function presentAtRisk(r: AtRiskRow, reader: Principal | null): AtRiskMember {
  const readable = can(reader, 'user:read', { id: r.id, role: r.role, isAdmin: false });
  const billing = canSeeBillingFields(reader, { id: r.id });
  const reasons: AtRiskReason[] = [];
  if (r.r_payment && billing) reasons.push('payment');
  if (r.r_inactive) reasons.push('inactive');
  if (r.r_board) reasons.push('board');
  return {
    id: r.id,
    fullName: r.full_name,
    email: readable ? r.email : null,
    role: r.role,
    stripeStatus: billing ? r.stripe_status : null,
    lastActive: r.last_active,
    boardChangedAt: r.board_changed === null ? null : iso(r.board_changed),
    reasons,
    links: {
      user: readable ? `/users?search=${encodeURIComponent(r.email)}` : null,
      board: r.board_changed === null ? null : `/move-the-needle/${r.id}`,
    },
  };
}

export const AT_RISK_CSV_COLUMNS = [
  'id',
  'fullName',
  'email',
  'role',
  'stripeStatus',
  'lastActive',
  'boardChangedAt',
  'reasons',
] as const;

export function atRiskCells(m: AtRiskMember): Array<string | number | null> {
  return [m.id, m.fullName, m.email, m.role, m.stripeStatus, m.lastActive, m.boardChangedAt, m.reasons.join(';')];
}
