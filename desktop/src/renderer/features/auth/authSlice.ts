import { createAction, createSlice, isAnyOf, isRejectedWithValue } from '@reduxjs/toolkit';
import type { CurrentUser } from '@shared/types';
import { authApi } from './authApi';
import { profileApi } from '../profile/profileApi';

/**
 * unknown: the load-time auth check has not answered yet; error: it failed without an
 * HTTP answer (server unreachable), so we cannot tell whether a session exists.
 */
/** The reset form was sent with two different passwords (toast 'Passwords do not match.', docs/errors.md). */
export const passwordsMismatched = createAction('auth/passwordsMismatched');

export type AuthStatus = 'unknown' | 'authenticated' | 'anonymous' | 'error';

export interface AuthState {
  status: AuthStatus;
  user: CurrentUser | null;
  /**
   * When the session last changed hands (sign in, sign in as, back, switch role): the server ends
   * the previous session then, so a request still in flight with the old cookie can answer 401
   * though the new session is fine. Such a 401 within STALE_401_MS of the change is ignored.
   */
  sessionChangedAt?: number | null;
}

/** How long after a session change a 401 is taken for a request of the previous session. */
export const STALE_401_MS = 5_000;

const initialState: AuthState = { status: 'unknown', user: null, sessionChangedAt: null };

const { endpoints: e } = authApi;

/** Endpoints that answer with {currentUser} and make it the session's user (docs/areas/auth.md#behaviour). */
export const setsCurrentUser = isAnyOf(
  e.me.matchFulfilled,
  e.signIn.matchFulfilled,
  e.signUp.matchFulfilled,
  e.signInAs.matchFulfilled,
  e.signInAsReturn.matchFulfilled,
  e.switchRole.matchFulfilled,
);

function rejectedStatus(action: { payload?: unknown }): unknown {
  const p = action.payload as { status?: unknown } | undefined;
  return p?.status;
}

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    currentUserSet(state, action: { payload: CurrentUser | null }) {
      state.user = action.payload;
      state.status = action.payload ? 'authenticated' : 'anonymous';
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(setsCurrentUser, (state, action) => {
        state.user = action.payload.currentUser;
        state.status = 'authenticated';
        if (!e.me.matchFulfilled(action)) state.sessionChangedAt = Date.now();
      })
      // The same session's user with the welcome video seen.
      .addMatcher(e.markWelcomeSeen.matchFulfilled, (state, action) => {
        state.user = action.payload.currentUser;
      })
      .addMatcher(e.resetPassword.matchFulfilled, (state, action) => {
        state.user = action.payload.user;
        state.status = 'authenticated';
      })
      // Profile saves update the signed-in user in place (name, photo, location).
      .addMatcher(profileApi.endpoints.saveProfile.matchFulfilled, (state, action) => {
        const saved = action.payload.user;
        if (state.user && saved && saved.id === state.user.id) state.user = { ...state.user, ...saved };
      })
      .addMatcher(e.signOut.matchFulfilled, (state) => {
        state.user = null;
        state.status = 'anonymous';
      })
      .addMatcher(e.me.matchRejected, (state, action) => {
        if (action.meta.condition) return;
        const status = rejectedStatus(action);
        // Only a real HTTP answer tells us the session state; a network failure leaves it unknown.
        if (typeof status === 'number') {
          if (status === 401 || status === 403) {
            state.user = null;
            state.status = 'anonymous';
          } else if (state.status === 'unknown') state.status = 'error';
        } else if (state.status === 'unknown') state.status = 'error';
      })
      // Any 401 from the API means the session is gone (expired, signed out elsewhere).
      .addMatcher(isRejectedWithValue, (state, action) => {
        const stale = state.sessionChangedAt != null && Date.now() - state.sessionChangedAt < STALE_401_MS;
        if (rejectedStatus(action) === 401 && state.status !== 'unknown' && !stale) {
          state.user = null;
          state.status = 'anonymous';
        }
      });
  },
});

export const { currentUserSet } = authSlice.actions;
