// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { MESSAGES } from '@shared/messages';
import { EXTERNAL_LINKS } from '@shared/limits';
import { makeUser } from '../../test/fixtures';
import { mockFetch, renderApp } from '../../test/render';
import { platform } from '../../test/platformMock';
import { ErrorBoundary } from './ErrorBoundary';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const location = () => screen.getByTestId('location').textContent;

describe('Guard', () => {
  it('sends an anonymous visitor to /signin', async () => {
    mockFetch();
    renderApp('/profile', null);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(location()).toBe('/signin');
  });

  it('sends a user with an unpaid subscription to /blocked, with Fix payment only when there is a Stripe customer', async () => {
    mockFetch();
    renderApp('/', makeUser({ stripeStatus: 'past_due', stripeCustomerId: null }));
    expect(await screen.findByRole('heading', { name: MESSAGES.blocked })).toBeTruthy();
    expect(location()).toBe('/blocked');
    expect(screen.queryByRole('button', { name: 'Fix payment' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(EXTERNAL_LINKS.support);
    cleanup();

    renderApp('/courses', makeUser({ stripeStatus: 'unpaid', stripeCustomerId: 'cus_123' }));
    expect(await screen.findByRole('button', { name: 'Fix payment' })).toBeTruthy();
    expect(location()).toBe('/blocked');
  });

  it('lets a blocked user with alwaysGrantAccess through', async () => {
    mockFetch();
    renderApp('/profile', makeUser({ stripeStatus: 'unpaid', alwaysGrantAccess: true }));
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeTruthy();
  });

  it('shows the members-only page for a wrong role', async () => {
    mockFetch();
    renderApp('/tag-management', makeUser({ role: 'basic' }));
    expect(await screen.findByRole('heading', { name: MESSAGES.membersOnly })).toBeTruthy();
    const apply = screen.getByRole('link', { name: 'Apply Now' });
    expect(apply.getAttribute('href')).toBe(EXTERNAL_LINKS.applyToUpgrade);
    expect(apply.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: 'Go back home' }).getAttribute('href')).toBe('/');
    expect(location()).toBe('/tag-management');
  });

  it('lets an admin into an admin page', async () => {
    mockFetch(({ path }) => (path === '/api/tag/read-many' ? { body: { tags: [] } } : undefined));
    renderApp('/tag-management', makeUser({ role: 'admin' }));
    expect(await screen.findByRole('heading', { name: 'Tag Management' })).toBeTruthy();
  });

  it('opens the calendar for a member hidden by the Move the Needle cutoff (desktop)', async () => {
    mockFetch();
    platform.isDesktop.mockReturnValue(true);
    renderApp('/move-the-needle', makeUser({ role: 'premium', createdAt: '2025-03-01T00:00:00.000Z' }));
    expect(await screen.findByRole('link', { name: 'Open the calendar' })).toBeTruthy();
    expect(platform.openExternal).toHaveBeenCalledWith(EXTERNAL_LINKS.calendar);
    expect(platform.openExternal).toHaveBeenCalledTimes(1);
  });

  it('shows the 404 page for an unknown path', async () => {
    mockFetch();
    renderApp('/no/such/page', makeUser());
    expect(await screen.findByRole('heading', { name: MESSAGES.pageNotFound })).toBeTruthy();
    expect(screen.getByText(MESSAGES.pageNotFoundHint)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go back home' }).getAttribute('href')).toBe('/');
  });

  it('shows the 404 page to anonymous visitors of /not-found', async () => {
    mockFetch();
    renderApp('/not-found', null);
    expect(await screen.findByRole('heading', { name: MESSAGES.pageNotFound })).toBeTruthy();
  });

  it('redirects /course to /courses and /ai-tool-kit to /ai-toolkit', async () => {
    mockFetch();
    renderApp('/course', makeUser());
    expect(await screen.findByRole('heading', { name: 'Courses' })).toBeTruthy();
    expect(location()).toBe('/courses');
    cleanup();
    renderApp('/ai-tool-kit', makeUser({ role: 'coach' }));
    expect(await screen.findByRole('heading', { name: 'AI Toolkit' })).toBeTruthy();
    expect(location()).toBe('/ai-toolkit');
  });

  it('sends a signed-in user away from /signin to /', async () => {
    mockFetch();
    renderApp('/signin', makeUser());
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(location()).toBe('/');
  });

  it('checks the session on load: a session shows the app, a 401 the sign-in page', async () => {
    const user = makeUser({ fullName: 'Lee Park' });
    mockFetch(({ path }) => (path === '/api/auth/me' ? { body: { currentUser: user } } : undefined));
    renderApp('/', 'unknown');
    expect(screen.getByText('Loading your account…')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    cleanup();

    mockFetch(({ path }) =>
      path === '/api/auth/me' ? { status: 401, body: { error: { code: 'unauthenticated', message: 'x' } } } : undefined,
    );
    renderApp('/', 'unknown');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(location()).toBe('/signin');
  });

  it('renders the error boundary message when a screen throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Boom = () => {
      throw new Error('boom');
    };
    const { getByRole } = renderApp(
      '/',
      null,
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    expect(within(getByRole('alert')).getByText(MESSAGES.errorBoundary)).toBeTruthy();
  });
});
