import { isAdminRole, type Principal } from './principal';

/**
 * The Insights page (docs/areas/insights.md). Admins (role admin) and coaches read it
 * and export its members at risk; members never. What a reader sees is scoped by
 * `insightsScopeFor`: an admin everyone, a coach only the members they coach.
 */
export type InsightsAction = 'insights:read' | 'insights:export';

const INSIGHTS_ACTIONS: readonly string[] = ['insights:read', 'insights:export'];

export function isInsightsAction(action: string): action is InsightsAction {
  return INSIGHTS_ACTIONS.includes(action);
}

export function canReadInsights(user: Principal): boolean {
  return isAdminRole(user) || user.role === 'coach';
}

/** Whose numbers a reader sees: everyone (admin), the members coached by `coachId` (coach), or nothing. */
export type InsightsScope = { kind: 'all' } | { kind: 'coach'; coachId: number } | null;

export function insightsScopeFor(user: Principal | null): InsightsScope {
  if (user === null) return null;
  if (isAdminRole(user)) return { kind: 'all' };
  if (user.role === 'coach') return { kind: 'coach', coachId: user.id };
  return null;
}
