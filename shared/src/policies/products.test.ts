import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../limits';
import { can } from './actions';
import type { Principal } from './principal';
import { canHaveLaunchCard, canStartProduct, canUseSellerTools, isSellerToolsAction, ownsProduct } from './products';

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

  it('offers Start this product for one or two thumbs up only', () => {
    expect(canStartProduct('two thumbs up')).toBe(true);
    expect(canStartProduct('one thumb up')).toBe(true);
    expect(canStartProduct('two thumbs down')).toBe(false);
  });

  it("gives a launch card to members with a board of their own, never on the admins' Master Template", () => {
    const allowed = ROLES.filter((r) => canHaveLaunchCard(member(r)));
    expect(allowed.sort()).toEqual(['coach', 'premium']);
    // premium after the Move the Needle cutoff: no board
    expect(canHaveLaunchCard({ ...member('premium'), createdAt: '2025-03-01T00:00:00.000Z' })).toBe(false);
    // an admin who switched to premium keeps the template board: no card
    expect(canHaveLaunchCard({ ...member('premium'), isAdmin: true })).toBe(false);
    expect(canHaveLaunchCard(null)).toBe(false);
  });
});
