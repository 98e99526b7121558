import type { Role } from '@shared/limits';
import type { AtRiskMember, AtRiskReason } from '@shared/types/insights';
import { isPremiumMember } from '@shared/policies';
import type { InsightsScope } from '@shared/policies';
import { iso } from '../../core/dates';

export interface AtRiskRow {
  id: number;
  full_name: string;
  email: string;
  role: Role;
  stripe_status: string | null;
  last_active: string | null;
  board_changed: Date | string | null;
  r_payment: boolean;
  r_inactive: boolean;
  r_board: boolean;
  total: number | string;
}

/**
 * A member at risk as the API sends it: whitelisted fields, the reasons and the page's links. The
 * User Dashboard link only where the viewer's directory lists the member (an admin everyone, a
 * coach premium members: docs/roles.md); the board link whenever the member has a board.
 */
export function presentAtRisk(r: AtRiskRow, scope: Exclude<InsightsScope, null>): AtRiskMember {
  const listed = scope.kind === 'all' || isPremiumMember({ role: r.role, isAdmin: false });
  const reasons: AtRiskReason[] = [];
  if (r.r_payment) reasons.push('payment');
  if (r.r_inactive) reasons.push('inactive');
  if (r.r_board) reasons.push('board');
  return {
    id: r.id,
    fullName: r.full_name,
    email: r.email,
    role: r.role,
    stripeStatus: r.stripe_status,
    lastActive: r.last_active,
    boardChangedAt: r.board_changed === null ? null : iso(r.board_changed),
    reasons,
    links: {
      user: listed ? `/users?search=${encodeURIComponent(r.email)}` : null,
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
