import type { InsightsScope } from '@shared/policies';

/** The viewer's scope as SQL: nothing to add for an admin; the coach's members for a coach. */
export interface ScopeSql {
  /** A join from `alias`.user_id to users `u` restricted to the coach's members ('' for everyone). */
  join: (alias: string) => string;
  /** A condition on users `u` ('true' for everyone). */
  users: string;
  bindings: { coach: number | null };
}

export function scopeSql(scope: Exclude<InsightsScope, null>): ScopeSql {
  if (scope.kind === 'all') return { join: () => '', users: 'true', bindings: { coach: null } };
  return {
    join: (alias) => `join users u on u.id = ${alias}.user_id and u.coach_id = :coach`,
    users: 'u.coach_id = :coach',
    bindings: { coach: scope.coachId },
  };
}
