import { describe, expect, it } from 'vitest';
import { can } from './actions';
import { insightsScopeFor } from './insights';
import { mk } from './test-principals';

describe('insights policy (docs/areas/insights.md#insights-page)', () => {
  it('an admin sees everyone, a coach their own members, members and switched admins nothing', () => {
    expect(insightsScopeFor(mk({ role: 'admin', isAdmin: true }))).toEqual({ kind: 'all' });
    expect(insightsScopeFor(mk({ id: 12, role: 'coach' }))).toEqual({ kind: 'coach', coachId: 12 });
    for (const role of ['premium', 'basic', 'course only'] as const) {
      expect(insightsScopeFor(mk({ role }))).toBeNull();
      expect(can(mk({ role }), 'insights:read')).toBe(false);
    }
    expect(insightsScopeFor(mk({ role: 'basic', isAdmin: true }))).toBeNull();
    expect(insightsScopeFor(null)).toBeNull();
    expect(can(mk({ role: 'coach' }), 'insights:export')).toBe(true);
  });
});
