// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../test/fixtures';
import { mockFetch, type MockResponse } from '../test/render';
import { makeStore } from './store';
import { startFirstScreen } from './firstScreen';
import { lastDays } from '../features/insights/range';

afterEach(() => {
  vi.unstubAllGlobals();
});

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

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('screens started with the page (app/screenStarts.ts)', () => {
  it('reads Insights’ summary of the default period and the first page at risk once the session is an admin’s', async () => {
    const out = heldFetch();
    startFirstScreen(makeStore(), '/insights');
    await settle();
    // Only the session check is out: no read before the policy is asked.
    expect(out.map((r) => r.path)).toEqual(['/api/auth/me']);
    out[0]!.answer({ body: { currentUser: makeUser({ role: 'admin' }) } });
    await vi.waitFor(() => expect(out).toHaveLength(3));
    const summary = out.find((r) => r.path === '/api/insights/summary')!;
    expect({ from: summary.search.get('from'), to: summary.search.get('to') }).toEqual(lastDays(30));
    const atRisk = out.find((r) => r.path === '/api/insights/at-risk')!;
    expect([atRisk.search.get('page'), atRisk.search.get('itemsPerPage')]).toEqual(['1', '25']);
  });

  it('reads the Audit log’s first page for an admin, and nothing for a coach the route refuses', async () => {
    const out = heldFetch();
    startFirstScreen(makeStore(), '/audit-log');
    await settle();
    out[0]!.answer({ body: { currentUser: makeUser({ role: 'admin' }) } });
    await vi.waitFor(() => expect(out).toHaveLength(2));
    expect(out[1]!.path).toBe('/api/audit/read-many');
    expect(Object.fromEntries(out[1]!.search)).toEqual({ page: '1', itemsPerPage: '25' });

    const coach = heldFetch();
    startFirstScreen(makeStore(), '/audit-log');
    await settle();
    coach[0]!.answer({ body: { currentUser: makeUser({ role: 'coach' }) } });
    await settle();
    await settle();
    expect(coach.map((r) => r.path)).toEqual(['/api/auth/me']);
  });

  it('reads nothing for a member on /insights or a visitor', async () => {
    for (const currentUser of [makeUser({ role: 'premium' }), null]) {
      const out = heldFetch();
      startFirstScreen(makeStore(), '/insights');
      await settle();
      out[0]!.answer(
        currentUser
          ? { body: { currentUser } }
          : { status: 401, body: { error: { code: 'unauthenticated', message: 'Please sign in.' } } },
      );
      await settle();
      await settle();
      expect(out.map((r) => r.path)).toEqual(['/api/auth/me']);
    }
  });
});
