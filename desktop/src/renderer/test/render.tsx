import type { ReactElement } from 'react';
import { configure, getConfig, prettyDOM, render, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import type { CurrentUser } from '@shared/types';
import { makeStore } from '../app/store';
import { AppRoutes } from '../app/routes';
import { Toasts } from '../app/Toasts';
import { delayFrom } from './delay';

// Lazy routes load their chunks on first use; on a busy 2-core CI machine that can take more than
// testing-library's default 1 s (and npm test runs the browser tests alongside), so findBy*/waitFor
// wait up to 20 s (they still return as soon as the element appears).
//
// A getBy* query that fails inside findBy*/waitFor is retried until it passes or time runs out, and
// Testing Library's default error printed the whole document into every discarded attempt (about 4 % of
// the renderer tests' CPU, measured). The document is printed when the error is the one a reader sees: a
// failed query outside waitFor, or waitFor's time-out, which asks for this error again after the retries.
configure({
  asyncUtilTimeout: 20_000,
  getElementError: (message, container) => {
    const config = getConfig() as ReturnType<typeof getConfig> & { _disableExpensiveErrorDiagnostics?: boolean };
    const dom = config._disableExpensiveErrorDiagnostics
      ? null
      : `Ignored nodes: comments, ${config.defaultIgnore}\n${prettyDOM(container)}`;
    const error = new Error([message, dom].filter(Boolean).join('\n\n'));
    error.name = 'TestingLibraryElementError';
    return error;
  },
});

// jsdom does no layout, so it has no scrollIntoView; the screens call it to bring results into view.
if (typeof Element !== 'undefined' && typeof Element.prototype.scrollIntoView !== 'function') {
  Element.prototype.scrollIntoView = function scrollIntoView() {};
}

export interface MockResponse {
  status?: number;
  body?: unknown;
  /** Answer only once this settles (a request held in flight, for races). */
  wait?: Promise<unknown>;
}

export type MockHandler = (req: {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}) => MockResponse | undefined;

export interface FetchCall {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

/**
 * `RENDERER_FETCH_DELAY_MS=25` (or a range, `0-60`) makes the stand-in server answer that much later: a
 * test that still passes waits for what it reads instead of racing the answer (on a faster or slower
 * machine the order changes). Off by default.
 */
const answerDelay = delayFrom(process.env.RENDERER_FETCH_DELAY_MS);

/**
 * Replaces fetch (no network): `handler` answers each request; unanswered requests get a 404
 * error body (GET /api/events a quiet open stream). Returns the list of calls made.
 */
export function mockFetch(handler: MockHandler = () => undefined): FetchCall[] {
  const calls: FetchCall[] = [];
  // Node's Request (used by fetchBaseQuery) rejects the relative URLs the web build uses.
  const NodeRequest = globalThis.Request;
  class RelativeRequest extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, 'http://localhost') : input, init);
    }
  }
  vi.stubGlobal('Request', RelativeRequest);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      const url = new URL(request.url, 'http://localhost');
      const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.clone().text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // multipart or plain text
      }
      const call = { method: request.method, path: url.pathname, search: url.searchParams, body };
      // The app shell's live event stream (features/live): unless the handler answers it, an open
      // stream that stays quiet, left out of `calls` (every signed-in screen opens one).
      const events = url.pathname === '/api/events';
      if (!events) calls.push(call);
      const answer = handler(call);
      if (events && !answer) {
        return new Response(new ReadableStream<Uint8Array>(), {
          status: 200,
          headers: { 'Content-Type': 'text/event-stream' },
        });
      }
      if (events) calls.push(call);
      const res = answer ?? { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
      if (res.wait) await res.wait;
      if (answerDelay) await new Promise((r) => setTimeout(r, answerDelay()));
      const status = res.status ?? 200;
      return new Response(status === 204 ? null : JSON.stringify(res.body ?? {}), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** Shows the router's current location, for asserting redirects. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/**
 * Renders the app's routes at `path` for `user` (null: anonymous; 'unknown': the load-time auth
 * check has not answered yet, so the Guard asks GET /api/auth/me).
 */
export function renderApp(path: string, user: CurrentUser | null | 'unknown', routes: ReactElement = <AppRoutes />) {
  const auth =
    user === 'unknown'
      ? { status: 'unknown' as const, user: null }
      : { status: user ? ('authenticated' as const) : ('anonymous' as const), user };
  const store = makeStore({ auth });
  const utils = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        {routes}
        <Routes>
          <Route path="*" element={<LocationProbe />} />
        </Routes>
        <Toasts />
      </MemoryRouter>
    </Provider>,
  );
  return { store, ...utils };
}

/**
 * The element `find` returns, once it is enabled: screens disable their actions while they load or
 * save, and a click on a disabled button does nothing, so a test waits for it instead of racing the
 * stand-in server (`RENDERER_FETCH_DELAY_MS`, in `mockFetch`, shows such races).
 */
export function whenEnabled<T extends HTMLElement>(find: () => T): Promise<T> {
  return waitFor(() => {
    const element = find();
    if ((element as unknown as { disabled?: boolean }).disabled)
      throw new Error(`"${element.textContent ?? ''}" is still disabled`);
    return element;
  });
}
