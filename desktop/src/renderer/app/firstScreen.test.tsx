// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { makeUser } from '../test/fixtures';
import { mockFetch, type MockResponse } from '../test/render';
import { boardServer } from '../features/board/boardTestServer';
import { WELCOME_DISMISSED_KEY } from '../features/board/config';
import { AppRoutes } from './routes';
import { makeStore, type AppStore } from './store';
import { startFirstScreen } from './firstScreen';

beforeEach(() => window.localStorage.setItem(WELCOME_DISMISSED_KEY, '1'));
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
  it('asks for the session and the board, and loads the board chunk, before any of them answers', async () => {
    const out = heldFetch();
    const chunk = heldChunk();
    startFirstScreen(makeStore(), '/move-the-needle', { board: chunk });
    // Neither request waits for the other or for the chunk: both are out while nothing has answered.
    await waitFor(() => expect(out.map((r) => r.path).sort()).toEqual([ME, BOARD]));
    expect(out.find((r) => r.path === BOARD)?.search.toString()).toBe('');
    expect(chunk).toHaveBeenCalledTimes(1);
  });

  it("reads a coach's /move-the-needle/{id} board by its user id", async () => {
    const out = heldFetch();
    startFirstScreen(makeStore(), '/move-the-needle/42/', { board: heldChunk() });
    await waitFor(() => expect(out.map((r) => r.path).sort()).toEqual([ME, BOARD]));
    expect(out.find((r) => r.path === BOARD)?.search.get('userId')).toBe('42');
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
    const { calls } = boardServer({
      override: ({ path }) => (path === ME ? { body: { currentUser: premium() } } : undefined),
    });
    startApp('/move-the-needle');
    expect(await screen.findByRole('heading', { name: "Dana Rivers's Board" })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'NOT STARTED' })).toBeTruthy();
    expect(calls.filter((c) => c.path === ME)).toHaveLength(1);
    expect(calls.filter((c) => c.path === BOARD)).toHaveLength(1);
  });

  it('sends a signed-out visitor to sign-in without the board, and reads it afresh once signed in', async () => {
    let signedIn = false;
    const { calls } = boardServer({
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
    expect(calls.filter((c) => c.path === BOARD)).toHaveLength(1); // the early read, answered 401
    expect(screen.queryByText('Pick a niche')).toBeNull();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'dana@example.com');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'a-long-password');
    await user.click(screen.getByRole('button', { name: /sign in/i }));
    // Back where the guard sent the visitor from, with the board read again (not the 401 of before).
    expect(await screen.findByRole('heading', { name: "Dana Rivers's Board" })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/move-the-needle');
    expect(screen.getByText('Pick a niche')).toBeTruthy();
    expect(calls.filter((c) => c.path === BOARD)).toHaveLength(2);
  });

  it("shows the board's error state, with a retry, when the early read fails", async () => {
    boardServer({
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
