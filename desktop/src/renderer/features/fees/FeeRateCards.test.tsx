// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { US_RATE_CARD_2025 } from '@shared/content/fee-rate-cards';
import { MESSAGES } from '@shared/messages';
import type { FeeRateCard } from '@shared/types';
import { makeUser } from '../../test/fixtures';
import { mockFetch, renderApp } from '../../test/render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const admin = () => makeUser({ role: 'admin', id: 1, fullName: 'Ada Admin' });
const US: FeeRateCard = {
  id: 1,
  marketplace: 'US',
  name: US_RATE_CARD_2025.name,
  effectiveFrom: US_RATE_CARD_2025.effectiveFrom,
  source: US_RATE_CARD_2025.source,
  rates: US_RATE_CARD_2025.rates,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('/fee-rate-cards (admins)', () => {
  it('lists the cards with the one in force; Add a card starts from it and saves a new one', async () => {
    let cards = [US];
    const calls = mockFetch(({ path, method, body }) => {
      if (path === '/api/fees/rate-cards' && method === 'GET')
        return { body: { rateCards: cards, inForce: { US: 1 } } };
      if (path === '/api/fees/rate-cards' && method === 'POST') {
        const card = { ...US, ...(body as object), id: 2 };
        cards = [card, ...cards];
        return { body: { rateCard: card, isNew: true } };
      }
      return undefined;
    });
    renderApp('/fee-rate-cards', admin());
    const table = await screen.findByRole('table', { name: 'Fee rate cards' });
    const row = within(table).getByRole('row', { name: /Amazon US 2025/ });
    expect(row.textContent).toContain('in force');
    expect(row.textContent).toContain('2025-01-15');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add a card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a rate card' });
    expect(within(dialog).getByLabelText<HTMLTextAreaElement>('Rates (JSON)').value).toContain(
      '"dimensionalDivisor": 139',
    );
    await user.type(within(dialog).getByLabelText('Name'), 'Amazon US 2027');
    fireEvent.change(within(dialog).getByLabelText('In force from'), { target: { value: '2027-01-15' } });
    await user.type(within(dialog).getByLabelText('Source'), 'Seller Central, 2027');
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({ marketplace: 'US', name: 'Amazon US 2027', effectiveFrom: '2027-01-15' });
    expect(await screen.findByText(MESSAGES.feeRateCardSaved)).toBeTruthy();
  });

  it('checks the card before sending it: bad JSON, and a figure out of range, named under the field', async () => {
    const calls = mockFetch(({ path }) =>
      path === '/api/fees/rate-cards' ? { body: { rateCards: [US], inForce: { US: 1 } } } : undefined,
    );
    renderApp('/fee-rate-cards', admin());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Edit ${US.name}` }));
    const dialog = await screen.findByRole('dialog');
    const rates = within(dialog).getByLabelText('Rates (JSON)');
    fireEvent.change(rates, { target: { value: '{ not json' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect(await within(dialog).findByText(/The rates are not valid JSON/)).toBeTruthy();
    fireEvent.change(rates, { target: { value: JSON.stringify({ ...US.rates, dimensionalDivisor: 0 }) } });
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect(await within(dialog).findByText(/rates.dimensionalDivisor: Please enter more than 0/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows the server’s field error (a second card for the same day)', async () => {
    mockFetch(({ path, method }) => {
      if (path !== '/api/fees/rate-cards') return undefined;
      if (method === 'GET') return { body: { rateCards: [US], inForce: { US: 1 } } };
      return {
        status: 409,
        body: {
          error: {
            code: 'conflict',
            message: MESSAGES.feeRateCardTaken,
            fields: { effectiveFrom: MESSAGES.feeRateCardTaken },
          },
        },
      };
    });
    renderApp('/fee-rate-cards', admin());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Edit ${US.name}` }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect(await within(dialog).findByText(MESSAGES.feeRateCardTaken)).toBeTruthy();
  });

  it('a load error offers to try again; no cards says so', async () => {
    let fail = true;
    mockFetch(({ path }) => {
      if (path !== '/api/fees/rate-cards') return undefined;
      return fail
        ? { status: 500, body: { error: { code: 'internal', message: 'Down' } } }
        : { body: { rateCards: [], inForce: {} } };
    });
    renderApp('/fee-rate-cards', admin());
    const retry = await screen.findByRole('button', { name: /Try again|Retry/ });
    fail = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByText(MESSAGES.feeRateCardsEmpty)).toBeTruthy();
  });

  it('is not for a coach: the guard shows the members-only screen', async () => {
    const calls = mockFetch(() => undefined);
    renderApp('/fee-rate-cards', makeUser({ role: 'coach' }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Fee rate cards' })).toBeNull());
    expect(calls.some((c) => c.path === '/api/fees/rate-cards')).toBe(false);
  });
});
