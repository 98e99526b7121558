import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fixtures';
import { authSlice, STALE_401_MS, type AuthState } from './authSlice';

/** A query of any endpoint answered 401 (what RTK Query dispatches for it). */
const rejected401 = {
  type: 'api/executeQuery/rejected',
  payload: { status: 401, data: { error: { code: 'unauthenticated', message: 'Please sign in' } } },
  error: { message: 'Rejected' },
  meta: {
    requestId: 'r1',
    rejectedWithValue: true,
    requestStatus: 'rejected',
    aborted: false,
    condition: false,
    arg: {},
  },
};

function signedIn(sessionChangedAt: number | null): AuthState {
  return { status: 'authenticated', user: makeUser({ role: 'basic', id: 7 }), sessionChangedAt };
}

describe('auth state: a 401 ends the session, unless it answers a request of the session just replaced', () => {
  it('signs out on a 401 long after the last session change', () => {
    const next = authSlice.reducer(signedIn(Date.now() - STALE_401_MS - 1_000), rejected401);
    expect(next.status).toBe('anonymous');
    expect(next.user).toBeNull();
  });

  it('signs out on a 401 when the session never changed in this page', () => {
    expect(authSlice.reducer(signedIn(null), rejected401).status).toBe('anonymous');
  });

  it('keeps the new session when a request of the old one (sign in as, switch role) answers 401 right after', () => {
    const next = authSlice.reducer(signedIn(Date.now() - 200), rejected401);
    expect(next.status).toBe('authenticated');
    expect(next.user?.id).toBe(7);
  });
});
