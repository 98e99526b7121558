// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { ROUTES } from '@shared/policies/routes';
import { makeUser } from '../../test/fixtures';
import { mockFetch, renderApp } from '../../test/render';
import { PAGE_TITLES, documentTitle } from './pageTitles';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('document titles', () => {
  it('every route of the shared ROUTES table has its page name, and no name is left over', () => {
    expect(Object.keys(PAGE_TITLES).sort()).toEqual(ROUTES.map((r) => r.pattern).sort());
  });

  it('reads "<page> - Rainmakers Portal"', () => {
    expect(documentTitle('Courses')).toBe('Courses - Rainmakers Portal');
    expect(documentTitle(null)).toBe('Rainmakers Portal');
  });

  it('each screen sets its own title: the page, sign-in, members only and not found', async () => {
    mockFetch();
    renderApp('/courses', makeUser({ role: 'premium' }));
    await waitFor(() => expect(document.title).toBe('Courses - Rainmakers Portal'));
    cleanup();

    renderApp('/tag-management', makeUser({ role: 'basic' }));
    await screen.findByText('This Area Is For Mastermind Members Only');
    expect(document.title).toBe('Members only - Rainmakers Portal');
    cleanup();

    renderApp('/no-such-page', makeUser({ role: 'basic' }));
    await waitFor(() => expect(document.title).toBe('Page not found - Rainmakers Portal'));
    cleanup();

    renderApp('/profile', null);
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(document.title).toBe('Sign in - Rainmakers Portal');
  });

  it("a course's page names the course once it is loaded", async () => {
    mockFetch(({ path }) =>
      path === '/api/course/sourcing-basics'
        ? {
            body: {
              course: {
                id: 1,
                title: 'Sourcing Basics',
                description: '',
                status: 'PUBLISHED',
                slug: 'sourcing-basics',
                Tags: [],
                Modules: [],
                coverPhotoUrl: null,
                visibleToBasic: true,
                visibleToPremium: true,
                position: 1,
                totalProgress: 0,
              },
            },
          }
        : undefined,
    );
    renderApp('/courses/sourcing-basics', makeUser({ role: 'premium' }));
    await waitFor(() => expect(document.title).toBe('Sourcing Basics - Rainmakers Portal'));
  });
});
