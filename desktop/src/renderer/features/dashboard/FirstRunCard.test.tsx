// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/messages';
import type { FirstRunResponse } from '@shared/types';
import { makeUser } from '../../test/fixtures';
import { mockFetch, renderApp, type MockHandler } from '../../test/render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const FIRST_RUN = '/api/dashboard/first-run';
const LESSON = '/courses/start-here/3/11';

function firstRun(
  done: Partial<Record<'lesson' | 'qualifier' | 'product' | 'review', boolean>> = {},
): FirstRunResponse {
  return {
    steps: [
      { key: 'lesson', done: done.lesson ?? false, href: LESSON },
      { key: 'qualifier', done: done.qualifier ?? false, href: '/product-qualifier' },
      { key: 'product', done: done.product ?? false, href: '/profit-calculator' },
      { key: 'review', done: done.review ?? false, href: '/move-the-needle' },
    ],
    dismissed: false,
  };
}

/** The dashboard's other reads answered empty, so only the checklist differs between tests. */
const quiet: MockHandler = ({ path }) =>
  path === '/api/user/read-many' ? { body: { users: [], totalCount: 0, premiumCount: 0, basicCount: 0 } } : undefined;

const checklist = () => screen.findByRole('region', { name: MESSAGES.firstRunTitle });

describe('FirstRunCard: the getting-started checklist', () => {
  it('shows a member their steps ticked from the server, the progress, and a link to where each is done', async () => {
    mockFetch((req) => (req.path === FIRST_RUN ? { body: firstRun({ lesson: true, product: true }) } : quiet(req)));
    renderApp('/', makeUser({ role: 'premium' }));
    const card = await checklist();
    expect(within(card).getByTestId('first-run-progress').textContent).toBe('2 of 4 done');
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    const links = within(card).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      LESSON,
      '/product-qualifier',
      '/profit-calculator',
      '/move-the-needle',
    ]);
    expect(links[0]!.textContent).toContain(MESSAGES.firstRunStepLesson);
    expect(links[0]!.textContent).toContain(MESSAGES.firstRunStepDone);
    expect(links[1]!.textContent).not.toContain(MESSAGES.firstRunStepDone);
    expect(links[2]!.textContent).toContain(MESSAGES.firstRunStepDone);
    // The checklist comes before the dashboard's cards.
    const grid = screen.getByTestId('dashboard-grid');
    expect(card.compareDocumentPosition(grid) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows a skeleton with a named busy status while it loads', async () => {
    let answer: (v: unknown) => void = () => undefined;
    const held = new Promise((r) => (answer = r));
    mockFetch((req) => (req.path === FIRST_RUN ? { body: firstRun(), wait: held } : quiet(req)));
    renderApp('/', makeUser({ role: 'basic' }));
    const status = await screen.findByText(MESSAGES.firstRunLoading);
    const region = status.closest('[role="status"]');
    expect(region?.getAttribute('aria-busy')).toBe('true');
    expect(status.className).toContain('sr-only');
    answer(null);
    expect(await checklist()).toBeTruthy();
    expect(screen.queryByText(MESSAGES.firstRunLoading)).toBeNull();
  });

  it('is never asked for or shown to coaches and admins', async () => {
    for (const role of ['coach', 'admin'] as const) {
      const calls = mockFetch((req) =>
        req.path === FIRST_RUN
          ? { body: firstRun() }
          : req.path === '/api/dashboard-banner/read-many'
            ? { body: { banners: [] } }
            : quiet(req),
      );
      renderApp('/', makeUser({ role }));
      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
      await screen.findByText(MESSAGES.noRainmakers);
      expect(screen.queryByRole('region', { name: MESSAGES.firstRunTitle }), role).toBeNull();
      expect(
        calls.some((c) => c.path === FIRST_RUN),
        role,
      ).toBe(false);
      cleanup();
      vi.unstubAllGlobals();
    }
  });

  it('hides it for the account: the PUT, the card gone, a toast saying where to get it back', async () => {
    let state = firstRun({ lesson: true });
    const calls = mockFetch((req) => {
      if (req.path === FIRST_RUN && req.method === 'PUT') {
        state = { ...state, dismissed: (req.body as { dismissed: boolean }).dismissed };
        return { body: state };
      }
      return req.path === FIRST_RUN ? { body: state } : quiet(req);
    });
    renderApp('/', makeUser({ role: 'basic' }));
    const card = await checklist();
    await userEvent.click(within(card).getByRole('button', { name: MESSAGES.firstRunHide }));
    expect(await screen.findByText(MESSAGES.firstRunHidden)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: MESSAGES.firstRunTitle })).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT' && c.path === FIRST_RUN).map((c) => c.body)).toEqual([
      { dismissed: true },
    ]);
  });

  it('reads the steps again when the dashboard opens again, so a step done elsewhere is ticked', async () => {
    let reads = 0;
    mockFetch((req) => {
      if (req.path !== FIRST_RUN) return quiet(req);
      reads += 1;
      return { body: firstRun({ lesson: true, product: reads > 1 }) };
    });
    renderApp('/', makeUser({ role: 'premium' }));
    const card = await checklist();
    expect(within(card).getByTestId('first-run-progress').textContent).toBe('1 of 4 done');
    // Off to the Power Profit Tool through the step's own link, then back to the dashboard.
    await userEvent.click(within(card).getByRole('link', { name: new RegExp(MESSAGES.firstRunStepProduct) }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/profit-calculator'));
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await userEvent.click(within(nav).getByRole('link', { name: /Dashboard/ }));
    await waitFor(async () =>
      expect(within(await checklist()).getByTestId('first-run-progress').textContent).toBe('2 of 4 done'),
    );
    expect(reads).toBe(2);
  });

  it('keeps "All done" with Hide for a member who joined lately, and shows nothing to a long-standing one', async () => {
    const all = firstRun({ lesson: true, qualifier: true, product: true, review: true });
    mockFetch((req) => (req.path === FIRST_RUN ? { body: all } : quiet(req)));
    renderApp('/', makeUser({ role: 'premium', createdAt: new Date(Date.now() - 86_400_000).toISOString() }));
    const card = await checklist();
    expect(within(card).getByText(MESSAGES.firstRunAllDone)).toBeTruthy();
    expect(within(card).getByTestId('first-run-progress').textContent).toBe('4 of 4 done');
    cleanup();
    const calls = mockFetch((req) => (req.path === FIRST_RUN ? { body: all } : quiet(req)));
    renderApp('/', makeUser({ role: 'premium', createdAt: '2024-06-01T00:00:00.000Z' }));
    await waitFor(() => expect(calls.some((c) => c.path === FIRST_RUN)).toBe(true));
    await screen.findByText(MESSAGES.noRainmakers);
    expect(screen.queryByRole('region', { name: MESSAGES.firstRunTitle })).toBeNull();
  });

  it('says when the steps could not be loaded, and Try again asks again', async () => {
    let fail = true;
    mockFetch((req) =>
      req.path === FIRST_RUN
        ? fail
          ? { status: 500, body: { error: { code: 'internal', message: 'Something went wrong' } } }
          : { body: firstRun() }
        : quiet(req),
    );
    renderApp('/', makeUser({ role: 'basic' }));
    const failed = (await screen.findByText(MESSAGES.firstRunLoadFailed)).closest('[role="alert"]') as HTMLElement;
    expect(failed).toBeTruthy();
    fail = false;
    await userEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(within(await checklist()).getByTestId('first-run-progress').textContent).toBe('0 of 4 done');
  });
});
