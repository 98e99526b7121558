import type { CurrentUser, Role } from '@shared/types';

let nextId = 100;

/** A signed-in user; created before the Move the Needle cutoff unless told otherwise. */
export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  const role: Role = overrides.role ?? 'basic';
  return {
    id: nextId++,
    fullName: 'Dana Rivers',
    email: 'dana@example.com',
    role,
    photoUrl: null,
    city: 'Austin',
    state: 'Texas',
    country: 'USA',
    phoneNumber: null,
    createdAt: '2024-06-01T00:00:00.000Z',
    stripeStatus: 'active',
    stripeCustomerId: null,
    alwaysGrantAccess: false,
    isAdmin: role === 'admin',
    Tags: [],
    Resources: [],
    position: 0,
    impersonator: null,
    welcomeSeenAt: '2024-06-02T00:00:00.000Z',
    ...overrides,
  };
}
