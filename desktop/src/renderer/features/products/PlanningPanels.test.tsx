// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/messages';
import { planReorder } from '@shared/calc';
import { makeUser } from '../../test/fixtures';
import { renderApp, whenEnabled } from '../../test/render';
import { fakeProductsServer, makeProduct } from '../../test/fake-products';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

// E1 of the golden cases (docs/areas/seller-tools.md).
const E1 = {
  title: 'Bamboo board',
  units: 1000,
  costPerUnit: 3.2,
  shippingCost: 850,
  amazonFees: 8.75,
  amazonRetail: 27.99,
  additionalFees: 25,
  projectedUnits: 300,
};

async function openDetail(role: 'premium' | 'basic' = 'premium', opts: Parameters<typeof fakeProductsServer>[1] = {}) {
  const server = fakeProductsServer([makeProduct(E1, 41)], { role, ...opts });
  renderApp('/profit-calculator?product=41', makeUser({ role, createdAt: '2024-06-01T00:00:00Z' }));
  await screen.findByRole('heading', { name: E1.title });
  return server;
}

describe('product view: ad targets', () => {
  it('shows break-even ACoS, target ACoS and max CPC with a line each, and asks again with new inputs', async () => {
    const server = await openDetail();
    const panel = screen.getByRole('region', { name: 'Ad targets (PPC)' });
    const figures = await within(panel).findByTestId('ppc-targets');
    expect(figures.textContent).toContain('54.27%');
    expect(figures.textContent).toContain('44.27%');
    expect(figures.textContent).toContain('$1.24');
    expect(within(panel).getByText(/Ad spend up to this share of sales leaves no profit/)).toBeTruthy();
    const user = userEvent.setup();
    const margin = within(panel).getByLabelText('Target margin after ads');
    await user.clear(margin);
    await user.type(margin, '60');
    await user.click(within(panel).getByRole('button', { name: 'Show targets' }));
    expect(await within(panel).findByText(/No ad spend keeps that margin/)).toBeTruthy();
    const last = server.calls.filter((c) => c.path === '/api/product/41/ppc').at(-1)!;
    expect(Object.fromEntries(last.search)).toEqual({ targetMargin: '60', conversionRate: '10' });
  });

  it('names a bad input under its field and asks nothing', async () => {
    const server = await openDetail();
    const panel = screen.getByRole('region', { name: 'Ad targets (PPC)' });
    await within(panel).findByTestId('ppc-targets');
    const user = userEvent.setup();
    const rate = within(panel).getByLabelText('Conversion rate');
    await user.clear(rate);
    await user.type(rate, '0');
    const before = server.calls.length;
    await user.click(within(panel).getByRole('button', { name: 'Show targets' }));
    expect(await within(panel).findByText('Please enter more than 0')).toBeTruthy();
    expect(server.calls.length).toBe(before);
  });

  it('shows the server’s error with a way to try again', async () => {
    const server = await openDetail('premium', { failPaths: /\/ppc$/ });
    const panel = screen.getByRole('region', { name: 'Ad targets (PPC)' });
    expect(await within(panel).findByRole('alert')).toBeTruthy();
    const asked = server.calls.filter((c) => c.path === '/api/product/41/ppc').length;
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path === '/api/product/41/ppc').length).toBeGreaterThan(asked),
    );
  });
});

describe('product view: reorder planner', () => {
  it('starts empty, plans the worked example and puts it on the board', async () => {
    const server = await openDetail();
    const panel = screen.getByRole('region', { name: 'Reorder planner' });
    expect(within(panel).getByText(MESSAGES.reorderEmpty)).toBeTruthy();
    const user = userEvent.setup();
    // On hand starts at the product's units (1,000) and sales at a 30th of its projected month (10).
    expect(within(panel).getByLabelText<HTMLInputElement>('Units on hand').value).toBe('1000');
    expect(within(panel).getByLabelText<HTMLInputElement>('Sold a day').value).toBe('10');
    await user.click(within(panel).getByRole('button', { name: 'Plan the reorder' }));
    const plan = await within(panel).findByTestId('reorder-plan');
    expect(plan.textContent).toContain('300 units');
    expect(plan.textContent).toContain('In 70 days');
    expect(plan.textContent).toContain('900 units');
    // Planning keeps the inputs on the product.
    const put = server.calls.find((c) => c.path === '/api/product/41/reorder' && c.method === 'PUT')!;
    expect(put.body).toMatchObject({ onHand: 1000, dailySales: 10, leadTimeDays: 30, coverDays: 90, safetyDays: 0 });
    expect(plan.textContent).toMatch(/Planned on /);
    expect(server.list()[0]?.reorder?.inputs.onHand).toBe(1000);
    await user.click(await whenEnabled(() => within(panel).getByRole('button', { name: 'Put it on my board' })));
    expect(await within(panel).findByText(/Added “Reorder: Bamboo board” to NOT STARTED/)).toBeTruthy();
    const post = server.calls.find((c) => c.path === '/api/product/41/reorder/card')!;
    expect(post.body).toMatchObject({ onHand: 1000, dailySales: 10, leadTimeDays: 30, coverDays: 90, safetyDays: 0 });
  });

  it('a product with a kept plan opens with its inputs, its plan and the day it was made', async () => {
    const product = makeProduct(E1, 41);
    const inputs = {
      onHand: 400,
      dailySales: 5,
      leadTimeDays: 20,
      coverDays: 60,
      safetyDays: 10,
      timeZone: 'UTC',
      plannedOn: '2026-03-02',
    };
    const plan = planReorder(inputs, inputs.plannedOn);
    const server = fakeProductsServer([{ ...product, reorder: { inputs, plan } }]);
    renderApp('/profit-calculator?product=41', makeUser({ role: 'premium', createdAt: '2024-06-01T00:00:00Z' }));
    await screen.findByRole('heading', { name: E1.title });
    const panel = screen.getByRole('region', { name: 'Reorder planner' });
    expect(within(panel).getByLabelText<HTMLInputElement>('Units on hand').value).toBe('400');
    expect(within(panel).getByLabelText<HTMLInputElement>('Safety stock (days)').value).toBe('10');
    const shown = within(panel).getByTestId('reorder-plan');
    expect(shown.textContent).toContain('Planned on');
    expect(shown.textContent).toContain('150 units');
    expect(shown.textContent).toContain('300 units');
    // Nothing was asked: the plan came with the product.
    expect(server.calls.some((c) => c.path === '/api/product/41/reorder')).toBe(false);
    const user = userEvent.setup();
    await user.click(await whenEnabled(() => within(panel).getByRole('button', { name: 'Put it on my board' })));
    await within(panel).findByText(/Added “Reorder: Bamboo board”/);
    const post = server.calls.find((c) => c.path === '/api/product/41/reorder/card')!;
    expect(post.body).toMatchObject({ onHand: 400, dailySales: 5, leadTimeDays: 20, coverDays: 60, safetyDays: 10 });
  });

  it('zero sales: the message, and nothing to put on the board', async () => {
    await openDetail();
    const panel = screen.getByRole('region', { name: 'Reorder planner' });
    const user = userEvent.setup();
    const sales = within(panel).getByLabelText('Sold a day');
    await user.clear(sales);
    await user.type(sales, '0');
    await user.click(within(panel).getByRole('button', { name: 'Plan the reorder' }));
    expect(await within(panel).findByText(MESSAGES.reorderNoSales)).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Put it on my board' })).toBeNull();
  });

  it('a basic member plans but has no board to put it on', async () => {
    await openDetail('basic');
    const panel = screen.getByRole('region', { name: 'Reorder planner' });
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Plan the reorder' }));
    await within(panel).findByTestId('reorder-plan');
    expect(within(panel).queryByRole('button', { name: 'Put it on my board' })).toBeNull();
  });

  it('a refused card shows the server’s reason', async () => {
    await openDetail('premium', {
      reorderCard: { status: 403, body: { error: { code: 'forbidden', message: 'You cannot do that' } } },
    });
    const panel = screen.getByRole('region', { name: 'Reorder planner' });
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Plan the reorder' }));
    await user.click(await whenEnabled(() => within(panel).getByRole('button', { name: 'Put it on my board' })));
    await waitFor(() => expect(screen.getByText('You cannot do that')).toBeTruthy());
  });
});

describe('product form: Estimate from dimensions', () => {
  it('fills FBA, referral and storage, marked as estimated, and Amazon fees with their sum; editing drops the mark', async () => {
    const server = await openDetail();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: `Edit ${E1.title}` }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Estimate from dimensions' }));
    await user.type(within(dialog).getByLabelText('Length'), '10');
    await user.type(within(dialog).getByLabelText('Width'), '8');
    await user.type(within(dialog).getByLabelText('Height'), '0.5');
    await user.type(within(dialog).getByLabelText('Weight'), '0.5');
    await user.click(within(dialog).getByRole('button', { name: 'Estimate fees' }));
    expect((await within(dialog).findByTestId('fee-estimate')).textContent).toContain('Small standard');
    expect(within(dialog).getByLabelText<HTMLInputElement>('FBA fee').value).toBe('3.33');
    // 15 % of $27.99.
    expect(within(dialog).getByLabelText<HTMLInputElement>('Referral fee').value).toBe('4.2');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Storage (a month)').value).toBe('0.02');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Amazon fees per unit').value).toBe('7.55');
    expect(within(dialog).getAllByText('Estimated')).toHaveLength(3);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.list()[0]!.feesEstimated).toBe(true));
    expect(server.list()[0]).toMatchObject({ fbaFee: 3.33, referralFee: 4.2, storageFee: 0.02, amazonFees: 7.55 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: `Edit ${E1.title}` }));
    const again = await screen.findByRole('dialog');
    expect(within(again).getAllByText('Estimated')).toHaveLength(3);
    await user.type(within(again).getByLabelText('FBA fee'), '5');
    expect(within(again).queryByText('Estimated')).toBeNull();
  });

  it('asks for the sides before estimating, and for the price', async () => {
    await openDetail();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: `Edit ${E1.title}` }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Estimate from dimensions' }));
    await user.click(within(dialog).getByRole('button', { name: 'Estimate fees' }));
    expect(await within(dialog).findAllByText(MESSAGES.fieldRequired)).toHaveLength(4);
  });
});
