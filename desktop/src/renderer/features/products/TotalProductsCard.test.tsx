// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { makeUser } from '../../test/fixtures';
import { mockFetch, renderApp } from '../../test/render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Dashboard: Total Products card', () => {
  it('shows the member’s product count from /api/product/count and links to the Power Profit Tool', async () => {
    const calls = mockFetch(({ path }) => (path === '/api/product/count' ? { body: { total: 7 } } : undefined));
    renderApp('/', makeUser({ role: 'premium' }));
    const link = await screen.findByRole('link', { name: /^Total Products\s*7(?!\d)/ });
    expect(link.getAttribute('href')).toBe('/profit-calculator');
    expect(calls.filter((c) => c.path === '/api/product/count')).toHaveLength(1);
  });

  it('shows a dash, not a wrong number, when the count cannot be loaded', async () => {
    mockFetch(({ path }) =>
      path === '/api/product/count'
        ? { status: 500, body: { error: { code: 'internal', message: 'Internal server error' } } }
        : undefined,
    );
    renderApp('/', makeUser({ role: 'coach' }));
    const value = await screen.findByTestId('total-products');
    await vi.waitFor(() => expect(value.textContent).toBe('—'));
  });
});
