// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fillMessage, MESSAGES } from '@shared/messages';
import type { AtRiskMember, AtRiskResponse, InsightsSummary } from '@shared/types';
import { makeUser } from '../../test/fixtures';
import { mockFetch, renderApp } from '../../test/render';
import { formatDay } from '../../lib/dates';
import { lastDays, rangeErrors } from './range';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SUMMARY = '/api/insights/summary';
const TOO_LONG = fillMessage(MESSAGES.dateRangeTooLong, { max: '366' });
const AT_RISK = '/api/insights/at-risk';

function summary(over: Partial<InsightsSummary['totals']> = {}): InsightsSummary {
  const { from, to } = lastDays(30);
  return {
    range: { from, to },
    scope: 'all',
    totals: {
      activeMembers: 1234,
      signUps: 7,
      cancellations: 2,
      lessonCompletions: 31,
      cardsWaiting: 3,
      oldestWaitingSince: new Date(Date.now() - 4 * 86_400_000 - 60_000).toISOString(),
      ...over,
    },
    activeDaily: [{ date: to, total: 5, byRole: { premium: 3, basic: 2 } }],
    activeWeekly: [{ date: from, total: 9, byRole: { premium: 9 } }],
    days: [{ date: to, signUps: 7, cancellations: 2, lessonCompletions: 31 }],
    courses: [{ id: 1, title: 'Launch', lessons: 4, started: 10, halfDone: 6, completed: 3 }],
    boardProgress: [
      { label: 'No cards', boards: 1 },
      { label: '100%', boards: 4 },
    ],
    reviewWaiting: [{ label: '3–7 days', cards: 3 }],
  };
}

const member = (id: number, over: Partial<AtRiskMember> = {}): AtRiskMember => ({
  id,
  fullName: `Member ${id}`,
  email: `m${id}@example.com`,
  role: 'premium',
  stripeStatus: 'past_due',
  lastActive: null,
  boardChangedAt: '2026-09-01T10:00:00.000Z',
  reasons: ['payment', 'board'],
  links: { user: `/users?search=m${id}%40example.com`, board: `/move-the-needle/${id}` },
  ...over,
});

const atRisk = (members: AtRiskMember[], total = members.length): AtRiskResponse => ({ members, total });

describe('range rules (the API’s, before asking)', () => {
  it('refuses a bad date, a reversed range and more than 366 days', () => {
    expect(rangeErrors('2026-01-01', '2026-01-31')).toEqual({});
    expect(rangeErrors('2026-02-30', '2026-03-01')).toEqual({ from: MESSAGES.dateInvalid });
    expect(rangeErrors('2026-03-02', '2026-03-01')).toEqual({ from: MESSAGES.dateRangeOrder });
    expect(rangeErrors('2025-01-01', '2026-01-02')).toEqual({ from: TOO_LONG });
    expect(rangeErrors('1999-12-31', '2000-01-05').from).toMatch(/^Enter a date from 2000-01-01 to /);
    expect(rangeErrors('9999-12-25', '9999-12-31').to).toMatch(/^Enter a date from 2000-01-01 to /);
    expect(lastDays(7, new Date('2026-11-26T10:00:00Z'))).toEqual({ from: '2026-11-20', to: '2026-11-26' });
  });
});

describe('/insights (docs/areas/insights.md#insights-page)', () => {
  it('shows the totals, the charts’ numbers as tables, and the members at risk with their links', async () => {
    const calls = mockFetch(({ path }) =>
      path === SUMMARY
        ? { body: summary() }
        : path === AT_RISK
          ? { body: atRisk([member(5), member(6, { role: 'basic', links: { user: null, board: null } })]) }
          : undefined,
    );
    renderApp('/insights', makeUser({ role: 'admin' }));
    expect(await screen.findByRole('heading', { name: MESSAGES.insightsTitle, level: 1 })).toBeTruthy();
    const dl = await screen.findByLabelText('Totals for the period');
    expect(dl.textContent).toContain('Active members1,234');
    expect(dl.textContent).toContain('Sign-ups7');
    expect(dl.textContent).toContain('Cancellations2');
    expect(dl.textContent).toContain('Lessons completed31');
    expect(dl.textContent).toContain('Oldest waiting 4 days');
    // The text alternative of the course funnel: its table.
    const funnel = screen.getByRole('table', { name: 'Courses: started, half done, completed' });
    expect(within(funnel).getByRole('row', { name: /Launch/ }).textContent).toBe('Launch41063');
    expect(screen.getByRole('img', { name: /Active members per day: chart/ })).toBeTruthy();
    const daily = screen.getByRole('table', { name: 'Active members per day' });
    expect(
      within(daily)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Day', 'Total', 'Premium', 'Basic']);
    // The default range: the last 30 days.
    const asked = calls.find((c) => c.path === SUMMARY)!;
    expect({ from: asked.search.get('from'), to: asked.search.get('to') }).toEqual(lastDays(30));
    // At risk: reasons, links to the User Dashboard and the board.
    const table = await screen.findByRole('table', { name: MESSAGES.insightsAtRiskTitle });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Member 5');
    expect(row.textContent).toContain(`${MESSAGES.insightsReasonPayment} (Past due)`);
    expect(row.textContent).toContain(MESSAGES.insightsReasonBoard);
    expect(row.textContent).toContain('Never');
    expect(within(row).getByRole('link', { name: 'Member 5 in the User Dashboard' }).getAttribute('href')).toBe(
      '/users?search=m5%40example.com',
    );
    expect(within(row).getByRole('link', { name: 'Member 5’s board' }).getAttribute('href')).toBe('/move-the-needle/5');
    // A member the viewer's User Dashboard does not list (a coach's lists premium only), without a board: no links.
    const unlisted = within(table).getAllByRole('row')[2]!;
    expect(unlisted.textContent).toContain('Member 6');
    expect(within(unlisted).queryAllByRole('link')).toEqual([]);
    expect(document.title).toContain('Insights');
  });

  it('names each series by a swatch next to its name (not coloured text), and writes every date one way', async () => {
    mockFetch(({ path }) =>
      path === SUMMARY
        ? { body: summary() }
        : path === AT_RISK
          ? { body: atRisk([member(5, { lastActive: '2026-11-02' })]) }
          : undefined,
    );
    renderApp('/insights', makeUser({ role: 'admin' }));
    const legend = await screen.findByRole('list', { name: 'Active members per day: legend' });
    const items = within(legend).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['Premium', 'Basic']);
    for (const item of items) {
      const swatch = within(item).getByTestId('legend-swatch');
      expect(swatch.style.backgroundColor).not.toBe('');
      expect(swatch.getAttribute('aria-hidden')).toBe('true');
      // The name is in the text colour: only the swatch carries the series' colour.
      expect(item.getAttribute('style')).toBeNull();
    }
    expect(legend.className).toContain('text-gray-700');
    expect(
      within(legend)
        .getAllByTestId('legend-swatch')
        .map((s) => s.style.backgroundColor),
    ).toEqual(['rgb(79, 70, 229)', 'rgb(15, 118, 110)']);
    const signUps = screen.getByRole('list', { name: 'Sign-ups and cancellations: legend' });
    expect(
      within(signUps)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['Sign-ups', 'Cancellations']);
    // One series: no legend (the title names it).
    expect(screen.queryByRole('list', { name: 'Lesson completions per day: legend' })).toBeNull();
    // recharts' own legend (coloured text) is gone.
    expect(document.querySelector('.recharts-legend-wrapper')).toBeNull();

    // Dates: "Dec 7, 2026" in the header, the tables and the members at risk; no ISO day left on screen.
    const { from, to } = lastDays(30);
    expect(screen.getByText(`${formatDay(from)} to ${formatDay(to)} (UTC)`)).toBeTruthy();
    const daily = screen.getByRole('table', { name: 'Active members per day' });
    expect(within(daily).getAllByRole('rowheader')[0]!.textContent).toBe(formatDay(to));
    expect(formatDay(to)).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    const table = await screen.findByRole('table', { name: MESSAGES.insightsAtRiskTitle });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Nov 2, 2026');
    expect(row.textContent).toContain('Sep 1, 2026');
    const main = screen.getByRole('main');
    expect(main.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('presets and dates change the range; a bad range is explained and never asked for', async () => {
    const calls = mockFetch(({ path }) =>
      path === SUMMARY ? { body: summary() } : path === AT_RISK ? { body: atRisk([]) } : undefined,
    );
    const user = userEvent.setup();
    renderApp('/insights', makeUser({ role: 'coach' }));
    await screen.findByLabelText('Totals for the period');
    await user.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === SUMMARY && c.search.get('from') === lastDays(7).from)).toBe(true),
    );
    expect(screen.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');
    const from = screen.getByLabelText('From');
    const before = calls.filter((c) => c.path === SUMMARY).length;
    await user.clear(from);
    await user.type(from, '2020-01-01');
    expect(await screen.findByText(TOO_LONG)).toBeTruthy();
    expect(calls.filter((c) => c.path === SUMMARY && c.search.get('from') === '2020-01-01')).toHaveLength(0);
    expect(calls.filter((c) => c.path === SUMMARY).length).toBe(before);
    expect(await screen.findByText(MESSAGES.insightsAtRiskEmpty)).toBeTruthy();
  });

  it('says when nothing happened, and shows a failed load with a retry', async () => {
    let fail = true;
    mockFetch(({ path }) => {
      if (path === SUMMARY)
        return fail
          ? { status: 500, body: { error: { code: 'internal', message: 'Something went wrong.' } } }
          : {
              body: {
                ...summary({ activeMembers: 0, signUps: 0, cancellations: 0, lessonCompletions: 0, cardsWaiting: 0 }),
                courses: [],
                boardProgress: [],
              },
            };
      if (path === AT_RISK) return { body: atRisk([]) };
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/insights', makeUser({ role: 'admin' }));
    expect(await screen.findByText(new RegExp(MESSAGES.insightsError))).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(MESSAGES.insightsEmpty)).toBeTruthy();
  });

  it('exports the members at risk as CSV', async () => {
    const { platform } = await import('../../test/platformMock');
    mockFetch(({ path }) =>
      path === SUMMARY
        ? { body: summary() }
        : path === AT_RISK
          ? { body: atRisk([member(1), member(2)], 30) }
          : path === `${AT_RISK}/export`
            ? { body: 'id,fullName\r\n1,Member 1\r\n' }
            : undefined,
    );
    const user = userEvent.setup();
    renderApp('/insights', makeUser({ role: 'admin' }));
    await screen.findByRole('table', { name: MESSAGES.insightsAtRiskTitle });
    expect(screen.getByText('Showing 1–25 of 30')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: MESSAGES.insightsExportCsv }));
    await waitFor(() => expect(platform.saveFile).toHaveBeenCalled());
    expect(vi.mocked(platform.saveFile).mock.calls.at(-1)![0]).toBe('members-at-risk.csv');
  });
});

describe('charts draw when they come near the viewport (docs/areas/insights.md#measured-in-chromium)', () => {
  /** A stand-in IntersectionObserver: the test says which observed element comes into view. */
  function fakeIntersectionObserver() {
    const observers: Array<{ callback: IntersectionObserverCallback; targets: Set<Element> }> = [];
    class FakeObserver {
      private readonly entry: { callback: IntersectionObserverCallback; targets: Set<Element> };
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, targets: new Set() };
        observers.push(this.entry);
      }
      observe(target: Element) {
        this.entry.targets.add(target);
      }
      unobserve(target: Element) {
        this.entry.targets.delete(target);
      }
      disconnect() {
        this.entry.targets.clear();
      }
      takeRecords() {
        return [];
      }
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    return {
      observed: () => observers.flatMap((o) => [...o.targets]),
      /** Scrolls `target` into view: every observer watching it is told so. */
      show(target: Element) {
        for (const o of observers.filter((x) => x.targets.has(target)))
          o.callback(
            [{ target, isIntersecting: true } as unknown as IntersectionObserverEntry],
            o as unknown as IntersectionObserver,
          );
      },
    };
  }

  const figure = (title: string) => screen.getByRole('img', { name: new RegExp(`^${title}: chart`) });
  const drawing = (title: string) => figure(title).querySelector('.recharts-wrapper svg');

  it('keeps a chart below the fold an empty box of its height until it scrolls near, then draws it', async () => {
    const io = fakeIntersectionObserver();
    // jsdom lays nothing out: give the drawing areas a width, as a browser would.
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
    try {
      mockFetch(({ path }) =>
        path === SUMMARY ? { body: summary() } : path === AT_RISK ? { body: atRisk([]) } : undefined,
      );
      renderApp('/insights', makeUser({ role: 'admin' }));
      await screen.findByLabelText('Totals for the period');
      const below = 'Cards waiting in FOR REVIEW';
      await waitFor(() => expect(io.observed()).toContain(figure(below)));
      // Nothing drawn yet: the box keeps the chart's height, so nothing moves when it draws.
      expect(drawing(below)).toBeNull();
      expect(figure(below).getAttribute('data-chart')).toBe('waiting');
      expect(figure(below).style.height).toBe('240px');
      // Its numbers are there all along.
      expect(screen.getByRole('table', { name: below })).toBeTruthy();

      act(() => io.show(figure(below)));
      await waitFor(() => expect(drawing(below)).not.toBeNull());
      expect(figure(below).getAttribute('data-chart')).toBe('drawn');
      expect(figure(below).querySelector('.recharts-wrapper')!.getAttribute('style')).toContain('width: 600px');
      // Its bar: one category (3–7 days) drawn.
      expect(figure(below).querySelectorAll('.recharts-bar-rectangle').length).toBe(1);
      // The others stay waiting until they come near.
      expect(drawing('Active members per day')).toBeNull();
      expect(drawing('Lesson completions per day')).toBeNull();
    } finally {
      width.mockRestore();
    }
  });

  it('draws a chart at once when its numbers are opened, and every chart before printing', async () => {
    fakeIntersectionObserver();
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
    try {
      mockFetch(({ path }) =>
        path === SUMMARY ? { body: summary() } : path === AT_RISK ? { body: atRisk([]) } : undefined,
      );
      const user = userEvent.setup();
      renderApp('/insights', makeUser({ role: 'admin' }));
      await screen.findByLabelText('Totals for the period');
      const lessons = 'Lesson completions per day';
      expect(drawing(lessons)).toBeNull();
      const card = figure(lessons).parentElement!;
      await user.click(within(card).getByText('Show the numbers'));
      await waitFor(() => expect(drawing(lessons)).not.toBeNull());
      expect(drawing('Active members per day')).toBeNull();

      act(() => {
        window.dispatchEvent(new Event('beforeprint'));
      });
      // Drawn in the event itself (before the browser lays the page out for paper).
      const figures = screen.getAllByRole('img', { name: /: chart\. The numbers are in the table below\.$/ });
      expect(figures).toHaveLength(7);
      for (const f of figures) expect(f.getAttribute('data-chart')).toBe('drawn');
    } finally {
      width.mockRestore();
    }
  });

  it('draws every chart at once where there is no IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
    try {
      mockFetch(({ path }) =>
        path === SUMMARY ? { body: summary() } : path === AT_RISK ? { body: atRisk([]) } : undefined,
      );
      renderApp('/insights', makeUser({ role: 'admin' }));
      await screen.findByLabelText('Totals for the period');
      const figures = screen.getAllByRole('img', { name: /: chart\. The numbers are in the table below\.$/ });
      expect(figures).toHaveLength(7);
      await waitFor(() => {
        for (const f of figures) expect(f.querySelector('.recharts-wrapper svg')).not.toBeNull();
      });
    } finally {
      width.mockRestore();
    }
  });
});
