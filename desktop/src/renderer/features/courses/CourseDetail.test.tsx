// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/messages';
import { makeUser } from '../../test/fixtures';
import { mockFetch, renderApp, type MockResponse } from '../../test/render';
import { catalog, detailCourse, makeCourse } from './fixtures.test-data';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 15_000 };
type Req = { method: string; path: string; body: unknown };

function server(extra: (req: Req) => MockResponse | undefined = () => undefined) {
  return mockFetch((req) => {
    const custom = extra(req);
    if (custom) return custom;
    if (req.path === '/api/course/fba-basics') return { body: { course: detailCourse(), search: '' } };
    if (req.path === '/api/course/read-many') return { body: catalog([makeCourse(1, { title: 'FBA Basics' })]) };
    if (req.path === '/api/tag/read-many') return { body: { tags: [] } };
    return undefined;
  });
}

describe('Course detail', () => {
  it('shows the course, its progress, the module accordion with completion circles and the lesson', async () => {
    server();
    renderApp('/courses/fba-basics/1/11', makeUser());
    expect(await screen.findByRole('heading', { name: 'FBA Basics', level: 1 }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to courses/ }).getAttribute('href')).toBe('/courses');
    expect(screen.getByRole('progressbar', { name: 'Course progress' }).getAttribute('aria-valuenow')).toBe('33');
    const modules = screen.getByRole('list', { name: 'Modules' });
    const lessons = within(modules).getByRole('list', { name: 'Lessons of Module 1' });
    expect(within(lessons).getByRole('link', { name: /Welcome/ }).textContent).toContain('(completed)');
    expect(within(lessons).getByRole('link', { name: /Research/ }).textContent).toContain('(not completed)');
    expect(
      within(lessons)
        .getByRole('link', { name: /Welcome/ })
        .getAttribute('aria-current'),
    ).toBe('page');
    // Module 2 is collapsed until opened.
    const toggle = within(modules).getByRole('button', { name: /Sourcing/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.setup().click(toggle);
    expect(within(modules).getByRole('link', { name: /Suppliers/ })).toBeTruthy();
    // The lesson: markdown rendered (GFM table), Completed badge, Mark as not done, Next Lesson.
    const lesson = screen.getByRole('article', { name: 'Welcome' });
    expect(within(lesson).getByRole('table')).toBeTruthy();
    expect(within(lesson).getByRole('button', { name: 'Mark as not done' })).toBeTruthy();
    expect(
      within(lesson)
        .getByRole('link', { name: /Next Lesson/ })
        .getAttribute('href'),
    ).toBe('/courses/fba-basics/1/12');
    expect(screen.queryByRole('button', { name: 'Manage Order' })).toBeNull();
  });

  it('marks a lesson completed: the button is disabled during the request, then a toast and a refetch', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const calls = server((req) =>
      req.path === '/api/lesson/mark-as-completed' ? { body: { success: true } } : undefined,
    );
    const fetchMock = globalThis.fetch as unknown as {
      getMockImplementation: () => (...a: unknown[]) => Promise<Response>;
    };
    const impl = fetchMock.getMockImplementation();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (...args: unknown[]) => {
        const res = await impl(...args);
        if (calls.at(-1)?.path === '/api/lesson/mark-as-completed') await gate;
        return res;
      }),
    );
    const user = userEvent.setup();
    renderApp('/courses/fba-basics/1/12', makeUser());
    const button = await screen.findByRole('button', { name: 'Mark as done' }, SLOW);
    await user.click(button);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    release();
    expect(await screen.findByText(MESSAGES.markedCompleted)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/lesson/mark-as-completed')?.body).toEqual({ lessonId: 12 });
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/course/fba-basics').length).toBe(2));
  });

  it("shows the spec's message when marking fails", async () => {
    server((req) =>
      req.path.startsWith('/api/lesson/mark-as-')
        ? { status: 500, body: { error: { code: 'x', message: 'boom' } } }
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/courses/fba-basics/1/12', makeUser());
    await user.click(await screen.findByRole('button', { name: 'Mark as done' }, SLOW));
    expect(await screen.findByText(MESSAGES.markCompletedFailed)).toBeTruthy();
    cleanup();
    renderApp('/courses/fba-basics/1/11', makeUser());
    await user.click(await screen.findByRole('button', { name: 'Mark as not done' }, SLOW));
    expect(await screen.findByText(MESSAGES.markUncompletedFailed)).toBeTruthy();
  });

  it("shows 'Course not found' with 'Go back to courses' for a 404, and the no-access screen for a 403", async () => {
    server((req) =>
      req.path === '/api/course/fba-basics'
        ? { status: 404, body: { error: { code: 'not_found', message: 'Course not found' } } }
        : req.path === '/api/course/locked'
          ? { status: 403, body: { error: { code: 'no_access', message: 'nope' } } }
          : req.path === '/api/course/locked/outline'
            ? {
                body: {
                  outline: {
                    title: 'Mastermind',
                    slug: 'locked',
                    description: null,
                    hasAccess: false,
                    Tags: [],
                    modules: [{ id: 1, title: 'Find a product', lessons: [{ id: 2, title: 'Niches' }] }],
                  },
                },
              }
            : undefined,
    );
    renderApp('/courses/fba-basics', makeUser());
    expect(await screen.findByRole('heading', { name: MESSAGES.courseNotFound }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go back to courses' }).getAttribute('href')).toBe('/courses');
    cleanup();
    renderApp('/courses/locked', makeUser());
    expect(await screen.findByRole('heading', { name: /not part of your membership/ }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Apply Now/ })).toBeTruthy();
    // What the membership would open: the outline, titles only.
    const outline = await screen.findByRole('region', { name: 'What this course holds' }, SLOW);
    expect(within(outline).getByRole('heading', { name: 'Find a product' })).toBeTruthy();
    expect(within(outline).getByText('Niches')).toBeTruthy();
    expect(within(outline).getByText('1 module · 1 lesson')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Mastermind is not part of your membership yet' })).toBeTruthy();
  });

  it('shows the overview with Continue on the course address', async () => {
    server();
    renderApp('/courses/fba-basics', makeUser());
    const link = await screen.findByRole('link', { name: 'Continue where you left off' }, SLOW);
    expect(link.getAttribute('href')).toBe('/courses/fba-basics/1/12');
  });

  it('lets an admin add a lesson with the module selector disabled, sending the module it was added from', async () => {
    const calls = server((req) =>
      req.path === '/api/lesson/upsert' ? { body: { lesson: { id: 99 }, isNew: true } } : undefined,
    );
    const user = userEvent.setup();
    renderApp('/courses/fba-basics/1/11', makeUser({ role: 'admin' }));
    await user.click(await screen.findByRole('button', { name: 'Add lesson to Sourcing' }, SLOW));
    const dialog = screen.getByRole('dialog', { name: 'Add a new lesson' });
    const select = within(dialog).getByLabelText<HTMLSelectElement>('Module');
    expect(select.disabled).toBe(true);
    expect(select.value).toBe('2');
    await user.type(within(dialog).getByLabelText('Title'), 'Samples');
    await user.type(within(dialog).getByLabelText('Content (markdown)'), '# Order samples');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(within(dialog).getByRole('heading', { name: 'Order samples' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.lessonSaved)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/lesson/upsert')?.body).toEqual({
      title: 'Samples',
      content: '# Order samples',
      ModuleId: 2,
      Tags: [],
    });
  });

  it('shows the server field error for a module title under the field', async () => {
    server((req) =>
      req.path === '/api/module/upsert'
        ? {
            status: 400,
            body: { error: { code: 'validation_failed', message: 'x', fields: { title: MESSAGES.fieldRequired } } },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/courses/fba-basics', makeUser({ role: 'admin' }));
    await user.click(await screen.findByRole('button', { name: 'Add New Module' }, SLOW));
    const dialog = screen.getByRole('dialog', { name: 'Add a new module' });
    await user.type(within(dialog).getByLabelText('Title'), '   x');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MESSAGES.fieldRequired)).toBeTruthy();
  });

  it('Manage Order: moves a lesson into the next module by keyboard, disables search, and saves positions from 1', async () => {
    const calls = server((req) => (req.path === '/api/course/reorder' ? { body: { success: true } } : undefined));
    const user = userEvent.setup();
    renderApp('/courses/fba-basics/1/11', makeUser({ role: 'admin' }));
    await user.click(await screen.findByRole('button', { name: 'Manage Order' }, SLOW));
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search Lessons' }).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Move lesson Research down' }));
    await user.click(screen.getByRole('button', { name: 'Move module Sourcing up' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.moduleReordered)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/course/reorder')?.body).toEqual({
      courseId: 1,
      modules: [
        {
          id: 2,
          position: 1,
          Lessons: [
            { id: 12, position: 1 },
            { id: 21, position: 2 },
          ],
        },
        { id: 1, position: 2, Lessons: [{ id: 11, position: 1 }] },
      ],
    });
  });

  it('follows a lesson redirect, and goes to /not-found without one', async () => {
    server((req) =>
      req.path === '/api/course/lesson-redirect/12' ? { body: { url: '/courses/fba-basics/1/12' } } : undefined,
    );
    renderApp('/lesson-redirect/12', makeUser());
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/courses/fba-basics/1/12'), SLOW);
    cleanup();
    renderApp('/course/1/777', makeUser());
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/not-found'), SLOW);
  });
});
