// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/messages';
import type { CourseCatalog } from '@shared/types';
import { makeUser } from '../../test/fixtures';
import { mockFetch, renderApp, whenEnabled, type MockResponse } from '../../test/render';
import { catalog, makeCourse, makeLesson, makeModule } from './fixtures.test-data';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const admin = () => makeUser({ role: 'admin' });
const member = () => makeUser({ role: 'basic' });
/** The first render of a lazy route transforms its chunk: give it time. */
const SLOW = { timeout: 15_000 };

function server(
  list: CourseCatalog,
  extra: (req: { method: string; path: string; body: unknown }) => MockResponse | undefined = () => undefined,
) {
  return mockFetch((req) => {
    const custom = extra(req);
    if (custom) return custom;
    if (req.path === '/api/course/read-many') return { body: list };
    if (req.path === '/api/tag/read-many') return { body: { tags: [{ id: 3, name: 'Mastermind' }] } };
    if (req.path === '/api/module/read-many') return { body: { modules: [] } };
    return undefined;
  });
}

describe('Courses screen', () => {
  it('shows course cards with progress, Completed at 100 and a lock when access is missing; no DRAFT badge for members', async () => {
    server(
      catalog([
        makeCourse(1, { title: 'FBA Basics', totalProgress: 40 }),
        makeCourse(2, { title: 'Finished', totalProgress: 100 }),
        makeCourse(3, { title: 'Mastermind', hasAccess: false }),
      ]),
    );
    renderApp('/courses', member());
    const grid = await screen.findByTestId('course-grid', {}, SLOW);
    expect(screen.getByRole('heading', { name: 'Courses', level: 1 })).toBeTruthy();
    const cards = within(grid).getAllByRole('article');
    expect(cards).toHaveLength(3);
    expect(
      within(cards[0]!).getByRole('progressbar', { name: 'FBA Basics progress' }).getAttribute('aria-valuenow'),
    ).toBe('40');
    expect(within(cards[0]!).getByRole('link', { name: 'FBA Basics' }).getAttribute('href')).toBe('/courses/course-1');
    expect(within(cards[1]!).getByText('Completed')).toBeTruthy();
    expect(within(cards[0]!).queryByText('Completed')).toBeNull();
    expect(within(cards[2]!).getByText('Members only')).toBeTruthy();
    // A locked course shows what it holds, not a 0 % bar.
    expect(within(cards[2]!).queryByRole('progressbar')).toBeNull();
    expect(within(cards[2]!).getByTestId('locked-course-size').textContent).toMatch(
      /modules? · \d+ lessons? · open it/,
    );
    expect(screen.queryByRole('button', { name: 'Add New Course' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
  });

  it('shows DRAFT badges, Add New Course and edit buttons to admins', async () => {
    server(catalog([makeCourse(1, { status: 'DRAFT', title: 'Draft course' }), makeCourse(2)]));
    renderApp('/courses', admin());
    expect(await screen.findByText('DRAFT', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add New Course' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Draft course' })).toBeTruthy();
  });

  it('shows the empty state and the load error with a retry', async () => {
    server(catalog([]));
    renderApp('/courses', member());
    expect(await screen.findByText('No courses yet', {}, SLOW)).toBeTruthy();
    cleanup();
    mockFetch(() => ({ status: 500, body: { error: { code: 'internal', message: 'Internal server error' } } }));
    renderApp('/courses', member());
    expect((await screen.findByRole('alert')).textContent).toContain('Internal server error');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('searches after the debounce and shows tabs with counts, the first 3 of each in All, and View all', async () => {
    const lessons = Array.from({ length: 5 }, (_, i) => {
      const { content: _c, Tags: _t, ...summary } = makeLesson(100 + i, 1, { title: `Supplier lesson ${i + 1}` });
      return { ...summary, CourseId: 1 };
    });
    const results = catalog([], {
      modules: [{ ...makeModule(1, []), title: 'Supplier module' }],
      lessonsTitles: lessons,
      counts: { courses: 0, modules: 1, lessonsTitles: 5, lessonsContent: 0 },
    });
    const calls = server(catalog([makeCourse(1)]), (req) =>
      req.path === '/api/course/read-many' &&
      (req as unknown as { search: URLSearchParams }).search?.get('search') === 'supplier'
        ? { body: results }
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/courses', member());
    await screen.findByTestId('course-grid', {}, SLOW);
    await user.type(screen.getByRole('searchbox', { name: 'Search courses' }), 'supplier');
    expect(calls.filter((c) => c.search.get('search')).length).toBe(0);
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Modules (1)' })).toBeTruthy(), { timeout: 3000 });
    const tabs = screen.getByRole('tablist', { name: 'Course results' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['All (6)', 'Courses (0)', 'Modules (1)', 'Lessons titles (5)', 'Lessons content (0)']);
    const section = screen.getByRole('region', { name: 'Lessons titles' });
    expect(within(section).getAllByRole('link')).toHaveLength(3);
    await user.click(within(section).getByRole('button', { name: 'View all' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Lessons titles (5)' }).getAttribute('aria-selected')).toBe('true'),
    );
    expect(within(screen.getByRole('tabpanel')).getAllByRole('link')).toHaveLength(5);
    expect(within(screen.getByRole('tabpanel')).getAllByRole('link')[0]!.getAttribute('href')).toBe(
      '/courses/fba-basics/1/100',
    );
    expect(screen.getByTestId('location').textContent).toBe('/courses');
    await user.click(screen.getByRole('tab', { name: 'Lessons content (0)' }));
    expect(screen.getByText('No results for “supplier”')).toBeTruthy();
  });

  it('shows the result tabs from the start: All and Courses list the courses, the others say what a search finds', async () => {
    server(catalog([makeCourse(1, { title: 'FBA Basics' }), makeCourse(2, { title: 'Launch' })]));
    const user = userEvent.setup();
    renderApp('/courses', member());
    const tabs = await screen.findByRole('tablist', { name: 'Course results' }, SLOW);
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['All (2)', 'Courses (2)', 'Modules', 'Lessons titles', 'Lessons content']);
    expect(screen.getByRole('tab', { name: 'All (2)' }).getAttribute('aria-selected')).toBe('true');
    expect(within(screen.getByRole('tabpanel')).getAllByRole('article')).toHaveLength(2);
    await user.click(screen.getByRole('tab', { name: 'Lessons content' }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('Search to see results here')).toBeTruthy();
    expect(within(panel).getByText('Type in the search box to find lessons by what they teach.')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Courses (2)' }));
    expect(within(screen.getByRole('tabpanel')).getAllByRole('article')).toHaveLength(2);
    expect(screen.getByTestId('location').textContent).toBe('/courses');
  });

  it('shows lesson snippets as plain text with the search words marked, never as HTML', async () => {
    const { content: _c, Tags: _t, ...lesson } = makeLesson(100, 1, { title: 'Checks' });
    const results = catalog([], {
      lessonsContent: [
        { ...lesson, CourseId: 1, snippet: '…check <b>demand</b> and Suppliers, then the supplier list…' },
      ],
      counts: { courses: 0, modules: 0, lessonsTitles: 0, lessonsContent: 1 },
    });
    server(catalog([makeCourse(1)]), (req) =>
      (req as unknown as { search: URLSearchParams }).search?.get('search') === 'supplier'
        ? { body: results }
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/courses?search=supplier', member());
    const snippet = await screen.findByTestId('lesson-snippet', {}, SLOW);
    expect(snippet.textContent).toBe('…check <b>demand</b> and Suppliers, then the supplier list…');
    expect(snippet.querySelector('b')).toBeNull();
    expect(Array.from(snippet.querySelectorAll('mark')).map((m) => m.textContent)).toEqual(['Suppliers', 'supplier']);
    await user.click(screen.getByRole('tab', { name: 'Lessons content (1)' }));
    expect(screen.getByTestId('lesson-snippet').querySelectorAll('mark')).toHaveLength(2);
  });

  it("shows each cover image, and a designed fallback in the course's own colour without one", async () => {
    server(
      catalog([
        makeCourse(1, { title: 'FBA Basics', coverPhotoUrl: '/demo/courses/amazon-fba-foundations.svg' }),
        makeCourse(2, { title: 'Launch Week' }),
        makeCourse(3, { title: 'PPC Deep Dive' }),
      ]),
    );
    renderApp('/courses', member());
    const grid = await screen.findByTestId('course-grid', {}, SLOW);
    const [fba, launch, ppc] = within(grid).getAllByRole('article');
    expect(fba!.querySelector('img')?.getAttribute('src')).toBe('/demo/courses/amazon-fba-foundations.svg');
    expect(within(fba!).queryByTestId('course-cover-fallback')).toBeNull();
    const fallbacks = [launch!, ppc!].map((card) => within(card).getByTestId('course-cover-fallback'));
    expect(fallbacks.map((f) => f.textContent)).toEqual(['LW', 'PD']);
    expect(fallbacks[0]!.dataset.palette).not.toBe(fallbacks[1]!.dataset.palette);
    // A cover that fails to load falls back too.
    fireEvent.error(fba!.querySelector('img')!);
    expect(within(fba!).getByTestId('course-cover-fallback').textContent).toBe('FB');
  });

  it('lets an admin add a course: the slug follows the title, field errors from the server show under the fields', async () => {
    const calls = server(catalog([]), (req) =>
      req.path === '/api/course/upsert'
        ? {
            status: 409,
            body: {
              error: {
                code: 'conflict',
                message: 'This slug is already in use',
                fields: { slug: 'This slug is already in use' },
              },
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/courses', admin());
    await user.click(await screen.findByRole('button', { name: 'Add New Course' }, SLOW));
    const dialog = screen.getByRole('dialog', { name: 'Add a new course' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Title'));
    await user.type(within(dialog).getByLabelText('Title'), 'Launch Week: Day 1');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Slug').value).toBe('launch-week-day-1');
    await user.click(await within(dialog).findByLabelText('Mastermind')); // the tags are read when the form opens
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This slug is already in use')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/course/upsert')?.body).toEqual({
      title: 'Launch Week: Day 1',
      slug: 'launch-week-day-1',
      description: null,
      status: 'DRAFT',
      coverPhotoUrl: null,
      visibleToBasic: true,
      visibleToPremium: true,
      Tags: [{ id: 3 }],
    });
  });

  it('requires title and slug before sending', async () => {
    const calls = server(catalog([]));
    const user = userEvent.setup();
    renderApp('/courses', admin());
    await user.click(await screen.findByRole('button', { name: 'Add New Course' }, SLOW));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText(MESSAGES.fieldRequired)).toHaveLength(2);
    expect(calls.some((c) => c.path === '/api/course/upsert')).toBe(false);
  });

  it('reorders courses with the keyboard, disables search meanwhile, and saves positions from 1', async () => {
    const calls = server(
      catalog([makeCourse(1, { title: 'One' }), makeCourse(2, { title: 'Two' }), makeCourse(3, { title: 'Three' })]),
      (req) => (req.path === '/api/course/reorder-courses' ? { body: { success: true } } : undefined),
    );
    const user = userEvent.setup();
    renderApp('/courses', admin());
    await screen.findByRole('button', { name: 'Reorder Courses' }, SLOW);
    // Enabled once the courses are read.
    await user.click(await whenEnabled(() => screen.getByRole('button', { name: 'Reorder Courses' })));
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search courses' }).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Move Three up' }));
    await user.click(screen.getByRole('button', { name: 'Move One down' }));
    const titles = () =>
      screen.getAllByTestId('course-order-item').map((li) => within(li).getByTestId('order-title').textContent);
    expect(titles()).toEqual(['Three', 'One', 'Two']);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.reorderFinished)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/course/reorder-courses')?.body).toEqual({
      courses: [
        { id: 3, position: 1 },
        { id: 1, position: 2 },
        { id: 2, position: 3 },
      ],
    });
    await waitFor(() => expect(screen.queryByTestId('course-order-item')).toBeNull());
  });

  it("says 'Something went wrong.' when the reorder fails and keeps the order to retry", async () => {
    server(catalog([makeCourse(1, { title: 'One' }), makeCourse(2, { title: 'Two' })]), (req) =>
      req.path === '/api/course/reorder-courses'
        ? { status: 409, body: { error: { code: 'conflict', message: 'changed' } } }
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/courses', admin());
    await screen.findByRole('button', { name: 'Reorder Courses' }, SLOW);
    await user.click(await whenEnabled(() => screen.getByRole('button', { name: 'Reorder Courses' })));
    await user.click(screen.getByRole('button', { name: 'Move Two up' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.somethingWentWrong)).toBeTruthy();
    expect(screen.getAllByTestId('course-order-item')[0]!.textContent).toContain('Two');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('course-order-item')).toBeNull();
  });

  it("shows the dashboard's 'Course progress' card with the overall percentage, linking to /courses", async () => {
    server(
      catalog([
        makeCourse(1, { lessonCount: 4, completedCount: 1 }),
        makeCourse(2, { lessonCount: 2, completedCount: 2 }),
      ]),
    );
    renderApp('/', member());
    const card = await screen.findByRole('link', { name: /^Course progress\s*50%/ }, SLOW);
    expect(card.getAttribute('href')).toBe('/courses');
    expect(within(card).getByTestId('course-progress').textContent).toBe('50%');
  });
});
