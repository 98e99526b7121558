import type { Role } from '../limits';
import { isAdminRole, type Principal } from './principal';

/** Calendar actions, asked through can() (docs/areas/calendar.md). */
export type CalendarAction = 'calendar:read' | 'calendar:manage';

export const CALENDAR_ACTIONS: readonly CalendarAction[] = ['calendar:read', 'calendar:manage'];

export function isCalendarAction(action: string): action is CalendarAction {
  return (CALENDAR_ACTIONS as readonly string[]).includes(action);
}

/**
 * - calendar:read: every signed-in member reads their calendar, answers for the calls they see and
 *   has a feed (which calls they see is decided per call below; a member whose subscription is
 *   blocked is stopped by the auth layer, as on every member screen);
 * - calendar:manage: create, change and delete calls: role admin (an administrator who switched to
 *   another role sees what that role sees).
 */
export function canUseCalendar(user: Principal | null, action: CalendarAction): boolean {
  if (!user) return false;
  return action === 'calendar:read' ? true : isAdminRole(user);
}

/** Who the viewer is for call visibility: admin (every call), else their role and tag ids. */
export type CallAudience = { all: true } | { all: false; role: Role; tagIds: number[] };

export function callAudience(user: Pick<Principal, 'role' | 'Tags'>): CallAudience {
  if (user.role === 'admin') return { all: true };
  return { all: false, role: user.role, tagIds: [...new Set(user.Tags.map((t) => t.id))] };
}

export interface GatedCall {
  /** Roles that see the call; empty: every role. */
  roles: readonly string[];
  tagIds: readonly number[];
}

/**
 * Who sees a call, the courses' audience rule (policies/courses.ts `grantsAccess`) with roles in
 * place of the role flags: admin always; a holder of one of its tags; or, when it names no tag, a
 * role among its roles (no roles: every role). So tags both grant (whatever the role) and restrict.
 */
export function isCallVisible(audience: CallAudience, call: GatedCall): boolean {
  if (audience.all) return true;
  if (call.tagIds.some((t) => audience.tagIds.includes(t))) return true;
  if (call.tagIds.length > 0) return false;
  return call.roles.length === 0 || call.roles.includes(audience.role);
}
