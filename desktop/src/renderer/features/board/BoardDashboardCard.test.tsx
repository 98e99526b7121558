// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { EXTERNAL_LINKS } from '@shared/limits';
import { makeUser } from '../../test/fixtures';
import { mockFetch, renderApp } from '../../test/render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const AFTER_CUTOFF = '2025-06-01T00:00:00.000Z';

function summary(counts: Record<string, number>) {
  return mockFetch(({ path }) => {
    if (path === '/api/move-the-needle/summary') {
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      return {
        body: {
          summary: {
            userId: 1,
            counts: { 'NOT STARTED': 0, 'IN PROGRESS': 0, 'ON HOLD': 0, COMPLETED: 0, ...counts },
            total,
            progress: 0,
          },
        },
      };
    }
    return undefined;
  });
}

const share = (status: string) => screen.getByTestId(`mtn-share-${status}`).textContent;

describe('the Move the Needle dashboard card', () => {
  it('shows the share of cards per status and the completed share in the centre', async () => {
    summary({ 'NOT STARTED': 2, 'IN PROGRESS': 1, 'ON HOLD': 1, COMPLETED: 4 });
    renderApp('/', makeUser({ role: 'premium' }));
    const card = await screen.findByTestId('mtn-donut');
    await within(card).findByText('completed', {}, { timeout: 5000 });
    expect(share('IN PROGRESS')).toBe('13%');
    expect(share('ON HOLD')).toBe('13%');
    expect(share('COMPLETED')).toBe('50%');
    expect(within(card).getByText('50%', { selector: 'span.text-xl' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open board →' }).getAttribute('href')).toBe('/move-the-needle');
  });

  it('shows 0% everywhere with no cards', async () => {
    summary({});
    renderApp('/', makeUser({ role: 'coach' }));
    await screen.findByTestId('mtn-share-COMPLETED');
    for (const s of ['IN PROGRESS', 'ON HOLD', 'COMPLETED']) expect(share(s)).toBe('0%');
  });

  it('shows the Rainmaker Calendar card instead to a member who joined after the cutoff', async () => {
    const calls = summary({});
    renderApp('/', makeUser({ role: 'premium', createdAt: AFTER_CUTOFF }));
    expect(await screen.findByRole('heading', { name: 'Rainmaker Calendar' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Open the Rainmaker Calendar/ }).getAttribute('href')).toBe(
      EXTERNAL_LINKS.calendar,
    );
    expect(screen.queryByTestId('mtn-donut')).toBeNull();
    expect(calls.some((c) => c.path === '/api/move-the-needle/summary')).toBe(false);
  });

  it('shows no Move the Needle card to a basic member who joined before the cutoff', async () => {
    const calls = summary({});
    renderApp('/', makeUser({ role: 'basic' }));
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.queryByTestId('mtn-donut')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Rainmaker Calendar' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/move-the-needle/summary')).toBe(false);
  });

  it('shows the error when the figures cannot be loaded', async () => {
    mockFetch(({ path }) =>
      path === '/api/move-the-needle/summary'
        ? { status: 500, body: { error: { code: 'internal_error', message: 'Internal server error' } } }
        : undefined,
    );
    renderApp('/', makeUser({ role: 'premium' }));
    expect((await within(await screen.findByTestId('mtn-donut')).findByRole('alert')).textContent).toContain(
      'Internal server error',
    );
  });
});
