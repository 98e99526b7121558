// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { makeUser } from '../test/fixtures';
import { mockFetch, type MockResponse } from '../test/render';
import { fakeBoardServer } from '../test/fake-board';
import { AppRoutes } from './routes';
import { makeStore, type AppStore } from './store';
import { startFirstScreen } from './firstScreen';
import { authApi } from '../features/auth/authApi';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const BOARD = '/api/move-the-needle/list/read-many';
const ME = '/api/auth/me';
const premium = () => makeUser({ role: 'premium', id: 7, fullName: 'Dana Rivers' });
const unauthenticated: MockResponse = {
  status: 401,
  body: { error: { code: 'unauthenticated', message: 'Please sign in.' } },
};

/** fetch that answers nothing until the test says so: shows which requests are out at once. */
function heldFetch() {
  mockFetch(); // Request for the relative URLs of the web build
  const out: Array<{ path: string; search: URLSearchParams; answer: (res: MockResponse) => void }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (request: Request) =>
        new Promise<Response>((resolve) => {
          const url = new URL(request.url);
          out.push({
            path: url.pathname,
            search: url.searchParams,
            answer: (res) =>
              resolve(
                new Response(JSON.stringify(res.body ?? {}), {
                  status: res.status ?? 200,
                  headers: { 'Content-Type': 'application/json' },
                }),
              ),
          });
        }),
    ),
  );
  return out;
}

/** A chunk loader that never finishes: the board screen's chunk still on its way. */
const heldChunk = () => vi.fn(() => new Promise<never>(() => {}));

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** The app as main.tsx starts it: the first screen's requests first, then the router. */
function startApp(path: string): AppStore {
  const store = makeStore();
  startFirstScreen(store, path);
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <Routes>
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('the first screen start', () => {
  it('loads the board chunk at once, and reads the board once the session is known and the policy lets the user in', async () => {
    const out = heldFetch();
    const chunk = heldChunk();
    startFirstScreen(makeStore(), '/move-the-needle', { board: chunk });
    // The chunk does not wait; the read waits for the session check (the policy needs the user).
    await waitFor(() => expect(out.map((r) => r.path)).toEqual([ME]));
    expect(chunk).toHaveBeenCalledTimes(1);
    out[0]!.answer({ body: { currentUser: premium() } });
    await waitFor(() => expect(out.map((r) => r.path)).toEqual([ME, BOARD]));
    expect(out.find((r) => r.path === BOARD)?.search.toString()).toBe('');
  });

  it("reads a coach's /move-the-needle/{id} board by its user id", async () => {
    const out = heldFetch();
    startFirstScreen(makeStore(), '/move-the-needle/42/', { board: heldChunk() });
    await waitFor(() => expect(out.map((r) => r.path)).toEqual([ME]));
    out[0]!.answer({ body: { currentUser: makeUser({ role: 'coach', id: 9 }) } });
    await waitFor(() => expect(out.map((r) => r.path)).toEqual([ME, BOARD]));
    expect(out.find((r) => r.path === BOARD)?.search.get('userId')).toBe('42');
  });

  it('reads no board the policy would refuse: a course-only member on their board, a premium member on another’s, a visitor', async () => {
    const cases: Array<[string, MockResponse]> = [
      ['/move-the-needle', { body: { currentUser: makeUser({ role: 'course only', id: 5 }) } }],
      ['/move-the-needle/2', { body: { currentUser: premium() } }],
      ['/move-the-needle', unauthenticated],
    ];
    for (const [path, answer] of cases) {
      const out = heldFetch();
      const store = makeStore();
      startFirstScreen(store, path, { board: heldChunk() });
      await waitFor(() => expect(out.map((r) => r.path)).toEqual([ME]));
      out[0]!.answer(answer);
      await waitFor(() => expect(authApi.endpoints.me.select()(store.getState()).isUninitialized).toBe(false));
      await waitFor(() => expect(authApi.endpoints.me.select()(store.getState()).isLoading).toBe(false));
      await new Promise((r) => setTimeout(r, 20));
      expect(out.map((r) => r.path)).toEqual([ME]);
      vi.unstubAllGlobals();
    }
  });

  it('reads no board and loads no board chunk off the board, or for an id that is not a board', async () => {
    for (const path of ['/', '/profile', '/move-the-needle/abc', '/move-the-needle/0', '/move-the-needle/1/2']) {
      const out = heldFetch();
      const chunk = heldChunk();
      startFirstScreen(makeStore(), path, { board: chunk });
      await waitFor(() => expect(out.map((r) => r.path)).toEqual([ME]));
      expect(chunk).not.toHaveBeenCalled();
      vi.unstubAllGlobals();
    }
  });

  it('asks nothing about the session when the store already knows it', async () => {
    const out = heldFetch();
    startFirstScreen(makeStore({ auth: { status: 'authenticated', user: premium() } }), '/move-the-needle', {
      board: heldChunk(),
    });
    await waitFor(() => expect(out.map((r) => r.path)).toEqual([BOARD]));
  });

  it('hands both reads to the Guard and the screen: the board shows after one session check and one read', async () => {
    const { calls } = fakeBoardServer({
      override: ({ path }) => (path === ME ? { body: { currentUser: premium() } } : undefined),
    });
    startApp('/move-the-needle');
    expect(await screen.findByRole('heading', { name: "Dana Rivers's Board" })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Not started' })).toBeTruthy();
    expect(calls.filter((c) => c.path === ME)).toHaveLength(1);
    expect(calls.filter((c) => c.path === BOARD)).toHaveLength(1);
  });

  it('sends a signed-out visitor to sign-in without the board, and reads it afresh once signed in', async () => {
    let signedIn = false;
    const { calls } = fakeBoardServer({
      override: ({ path, method }) => {
        if (path === '/api/auth/signin' && method === 'POST') {
          signedIn = true;
          return { body: { currentUser: premium() } };
        }
        if (signedIn) return undefined;
        return path === ME || path === BOARD ? unauthenticated : undefined;
      },
    });
    startApp('/move-the-needle');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/signin');
    expect(calls.filter((c) => c.path === BOARD)).toHaveLength(0); // no early read for a visitor
    expect(screen.queryByText('Pick a niche')).toBeNull();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'dana@example.com');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'a-long-password');
    await user.click(screen.getByRole('button', { name: /sign in/i }));
    // Back where the guard sent the visitor from, with the board read again (not the 401 of before).
    expect(await screen.findByRole('heading', { name: "Dana Rivers's Board" })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/move-the-needle');
    expect(screen.getByText('Pick a niche')).toBeTruthy();
    expect(calls.filter((c) => c.path === BOARD)).toHaveLength(1);
  });

  it("shows the board's error state, with a retry, when the early read fails", async () => {
    fakeBoardServer({
      override: ({ path }) =>
        path === ME
          ? { body: { currentUser: premium() } }
          : path === BOARD
            ? { status: 500, body: { error: { code: 'internal', message: 'Something went wrong.' } } }
            : undefined,
    });
    startApp('/move-the-needle');
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: "Dana Rivers's Board" })).toBeNull();
  });
});
