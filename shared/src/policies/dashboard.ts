import { can } from './actions';
import { hasOwnBoard, isMoveTheNeedleHidden, type Principal } from './principal';

/**
 * Which Move the Needle card the dashboard shows (docs/screens.md Dashboard, docs/roles.md cutoff):
 * - `calendar`: the member is hidden by the cutoff (any member role created on or after
 *   2025-02-13): the Rainmaker Calendar card instead, saying they have no board;
 * - `none`: role basic (docs/roles.md#who-may-do-what: "no Move the Needle card on dashboard");
 * - `donut`: the member has a board of their own (premium before the cutoff, coach, admin);
 * - `upgrade`: every other role (course only before the cutoff): the Move the Needle card without
 *   a board, telling how to get one.
 */
export type DashboardBoardCard = 'donut' | 'upgrade' | 'calendar' | 'none';

export function dashboardBoardCard(user: Principal): DashboardBoardCard {
  if (isMoveTheNeedleHidden(user)) return 'calendar';
  if (user.role === 'basic') return 'none';
  return hasOwnBoard(user) ? 'donut' : 'upgrade';
}

/** The community search card: every signed-in role (docs/screens.md Dashboard). */
export function showsCommunitySearch(user: Principal): boolean {
  return can(user, 'user:community');
}
