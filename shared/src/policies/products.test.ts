import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../limits';
import { can } from './actions';
import type { Principal } from './principal';
import { canUseSellerTools, isSellerToolsAction, ownsProduct } from './products';

const member = (role: Role, id = 7): Principal => ({
  id,
  role,
  isAdmin: role === 'admin',
  createdAt: '2024-06-01T00:00:00.000Z',
  stripeStatus: 'active',
  alwaysGrantAccess: false,
  Tags: [],
});

describe('seller tools policy', () => {
  it('lets every role keep products', () => {
    for (const role of ROLES) expect(canUseSellerTools(member(role), 'product:use')).toBe(true);
    expect(canUseSellerTools(null, 'product:use')).toBe(false);
  });

  it('stops only basic members from changing additional fees', () => {
    const allowed = ROLES.filter((r) => canUseSellerTools(member(r), 'product:additional-fees'));
    expect(allowed.sort()).toEqual(['admin', 'coach', 'course only', 'premium'].sort());
  });

  it('shows the upgrade prompt (no qualifier) to course only members only', () => {
    const allowed = ROLES.filter((r) => canUseSellerTools(member(r), 'qualifier:use'));
    expect(allowed.sort()).toEqual(['admin', 'basic', 'coach', 'premium'].sort());
  });

  it('is what can() answers for the seller tools actions', () => {
    for (const role of ROLES) {
      for (const action of ['product:use', 'product:additional-fees', 'qualifier:use'] as const) {
        expect(can(member(role), action)).toBe(canUseSellerTools(member(role), action));
      }
    }
    expect(isSellerToolsAction('tag:manage')).toBe(false);
  });

  it('gives a product to its owner only, admins included', () => {
    expect(ownsProduct(member('premium', 7), { userId: 7 })).toBe(true);
    expect(ownsProduct(member('premium', 7), { userId: 8 })).toBe(false);
    expect(ownsProduct(member('admin', 1), { userId: 8 })).toBe(false);
    expect(ownsProduct(null, { userId: 8 })).toBe(false);
  });
});
