import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../limits';
import { can } from './actions';
import type { Principal } from './principal';

const mk = (role: Role, over: Partial<Principal> = {}): Principal => ({
  id: 1,
  role,
  isAdmin: role === 'admin',
  createdAt: '2024-01-01T00:00:00Z',
  stripeStatus: 'active',
  alwaysGrantAccess: false,
  Tags: [],
  ...over,
});
const tagged = (role: Role, ...names: string[]) => mk(role, { Tags: names.map((name, i) => ({ id: i + 1, name })) });

describe('AI toolkit policies', () => {
  it('lets the /ai-toolkit route users load the tools: admin, coach, or the aitoolkit tag', () => {
    for (const r of ROLES) expect(can(mk(r), 'aiTools:use'), r).toBe(r === 'admin' || r === 'coach');
    for (const r of ['basic', 'premium', 'course only'] as const)
      expect(can(tagged(r, 'AIToolkit'), 'aiTools:use'), r).toBe(true);
    expect(can(null, 'aiTools:use')).toBe(false);
  });

  it('offers the chat widget to admins (role or isAdmin) and users tagged raina only', () => {
    expect(can(mk('admin'), 'aiTools:chat-widget')).toBe(true);
    expect(can(mk('basic', { isAdmin: true }), 'aiTools:chat-widget')).toBe(true);
    expect(can(tagged('basic', 'raina'), 'aiTools:chat-widget')).toBe(true);
    expect(can(mk('coach'), 'aiTools:chat-widget')).toBe(false);
    expect(can(tagged('premium', 'aitoolkit'), 'aiTools:chat-widget')).toBe(false);
  });
});
