// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/messages';
import { makeUser } from '../../test/fixtures';
import { mockFetch, renderApp } from '../../test/render';
import { makeProduct, fakeProductsServer } from '../../test/fake-products';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const premium = () => makeUser({ role: 'premium' });

const E1 = {
  title: 'Bamboo board',
  units: 1000,
  costPerUnit: 3.2,
  shippingCost: 850,
  amazonFees: 8.75,
  amazonRetail: 27.99,
  additionalFees: 25,
  promotionUnitsPerDay: 12,
  promotionPercentage: 95,
  promotionDays: 7,
  dailyAdvertisingCost: 50,
  spend: 320,
  sales: 960,
  projectedUnits: 300,
};

const metric = (root: HTMLElement, field: string) => root.querySelector(`[data-metric="${field}"]`)?.textContent;

/** Fills the Product modal's required fields with a small valid product. */
async function fillSimpleProduct(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, title: string) {
  const values: Array<[string, string]> = [
    ['Title', title],
    ['Units', '10'],
    ['Cost per unit', '1'],
    ['Shipping cost (whole order)', '0'],
    ['Amazon fees per unit', '1'],
    ['Amazon retail price', '10'],
  ];
  for (const [label, value] of values) await user.type(within(dialog).getByLabelText(label), value);
}

describe('Power Profit Tool', () => {
  it('shows the heading, the earnings disclaimer and the empty state', async () => {
    fakeProductsServer([]);
    renderApp('/profit-calculator', premium());
    // The first render also loads the route's code-split chunk.
    expect(await screen.findByText(MESSAGES.noProducts)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Power Profit Tool' })).toBeTruthy();
    expect(screen.getByText(MESSAGES.earningsDisclaimer)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add a Product' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add my first Product' })).toBeTruthy();
  });

  it('shows the load error with a retry', async () => {
    mockFetch(({ path }) =>
      path === '/api/product/read-many'
        ? { status: 500, body: { error: { code: 'internal', message: 'Internal server error' } } }
        : undefined,
    );
    renderApp('/profit-calculator', premium());
    expect((await screen.findByRole('alert')).textContent).toContain('Internal server error');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('adds a first product with a live preview matching golden case E1, then toasts and lists it', async () => {
    const { calls } = fakeProductsServer([]);
    const user = userEvent.setup();
    renderApp('/profit-calculator', premium());
    await user.click(await screen.findByRole('button', { name: 'Add my first Product' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a Product' });
    const fill = async (label: string, value: string) => user.type(within(dialog).getByLabelText(label), value);
    await fill('Title', E1.title);
    await fill('Units', '1000');
    await fill('Cost per unit', '3.20');
    await fill('Shipping cost (whole order)', '850');
    await fill('Amazon fees per unit', '8.75');
    await fill('Amazon retail price', '27.99');
    expect(metric(dialog, 'totalCostPerUnit')).toBe('$4.05');
    expect(metric(dialog, 'totalEstimatedProfitPerUnit')).toBe('$8.19');
    expect(metric(dialog, 'totalEstimatedBulkOrderProfit')).toBe('$8,192.50');
    expect(metric(dialog, 'profitMargin')).toBe('29.27%');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.productCreated)).toBeTruthy();
    const sent = calls.find((c) => c.path === '/api/product/upsert')?.body as {
      product: Record<string, unknown>;
      typeAdditionalFees: string;
    };
    expect(sent.typeAdditionalFees).toBe('percentage');
    expect(sent.product).toMatchObject({
      title: E1.title,
      units: 1000,
      costPerUnit: 3.2,
      amazonRetail: 27.99,
      additionalFees: '25',
    });
    const card = await screen.findByRole('article', { name: E1.title });
    expect(metric(card, 'totalEstimatedBulkOrderProfit')).toBe('$8,192.50');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('checks required fields in the browser before sending', async () => {
    const { calls } = fakeProductsServer([]);
    const user = userEvent.setup();
    renderApp('/profit-calculator', premium());
    await user.click(await screen.findByRole('button', { name: 'Add a Product' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a Product' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText(MESSAGES.fieldRequired)).toHaveLength(6);
    expect(calls.some((c) => c.path === '/api/product/upsert')).toBe(false);
  });

  it('puts a new product on top of the list', async () => {
    fakeProductsServer([makeProduct({ title: 'Older product' })]);
    const user = userEvent.setup();
    renderApp('/profit-calculator', premium());
    await screen.findByRole('article', { name: 'Older product' });
    await user.click(screen.getByRole('button', { name: 'Add a Product' }));
    const dialog = screen.getByRole('dialog');
    await fillSimpleProduct(user, dialog, 'Newest');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByRole('article', { name: 'Newest' });
    const titles = screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'));
    expect(titles).toEqual(['Newest', 'Older product']);
  });

  it('converts additional fees through the retail price when toggling dollars and percent, and shows the dollar maximum', async () => {
    const { calls } = fakeProductsServer([makeProduct(E1)]);
    const user = userEvent.setup();
    renderApp('/profit-calculator', premium());
    await user.click(await screen.findByRole('button', { name: `Edit ${E1.title}` }));
    const dialog = screen.getByRole('dialog', { name: `Edit product: ${E1.title}` });
    const field = () => within(dialog).getByRole('spinbutton', { name: /Additional fees per unit in/ });
    expect((field() as HTMLInputElement).value).toBe('25');
    await user.click(within(dialog).getByRole('radio', { name: 'Dollars' }));
    expect((field() as HTMLInputElement).value).toBe('7');
    await user.clear(field());
    await user.type(field(), '14');
    expect(within(dialog).getByText('Maximum value is $13.99')).toBeTruthy();
    // The ignored entry keeps the stored 25 % in the preview.
    expect(metric(dialog, 'totalAdditionalFees')).toBe('$6,997.50');
    await user.clear(field());
    await user.type(field(), '3');
    expect(metric(dialog, 'totalEstimatedProfitPerUnit')).toBe('$12.19');
    await user.click(within(dialog).getByRole('radio', { name: 'Percentage' }));
    expect((field() as HTMLInputElement).value).toBe('10.72');
    await user.click(within(dialog).getByRole('radio', { name: 'Dollars' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.productSaved)).toBeTruthy();
    const sent = calls.filter((c) => c.path === '/api/product/upsert').pop()?.body as {
      typeAdditionalFees: string;
      product: { additionalFees: string };
    };
    expect(sent).toMatchObject({ typeAdditionalFees: 'dollar', product: { additionalFees: '3' } });
  });

  it('opens View Metrics with back to products, and the slider recomputes the totals live', async () => {
    const { calls } = fakeProductsServer([makeProduct(E1)]);
    const user = userEvent.setup();
    renderApp('/profit-calculator', premium());
    await user.click(await screen.findByRole('button', { name: `View Metrics of ${E1.title}` }));
    const heading = screen.getByRole('heading', { name: E1.title });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole('group', { name: /Additional Fees Per Unit/ })).toBeTruthy();
    expect(metric(document.body, 'potentialProfit')).toBe('$29,493.00');
    fireEvent.change(screen.getByRole('slider', { name: /Additional fees per unit \(percent\) slider/ }), {
      target: { value: '10' },
    });
    expect(metric(document.body, 'totalEstimatedProfitPerUnit')).toBe('$12.39');
    await user.click(screen.getByRole('button', { name: 'Save additional fees' }));
    expect(await screen.findByText(MESSAGES.productSaved)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/product/upsert').pop()?.body).toMatchObject({
      product: { additionalFees: '10' },
    });
    await user.click(screen.getByRole('button', { name: /Back to products/ }));
    expect(await screen.findByRole('tablist')).toBeTruthy();
  });

  it('locks additional fees for a basic member and offers the unlock link; saving never sends them', async () => {
    const { calls } = fakeProductsServer([], { role: 'basic' });
    const user = userEvent.setup();
    renderApp('/profit-calculator', makeUser({ role: 'basic' }));
    await user.click(await screen.findByRole('button', { name: 'Add my first Product' }));
    const dialog = screen.getByRole('dialog');
    expect(
      within(dialog).getByRole<HTMLInputElement>('spinbutton', { name: /Additional fees per unit in/ }).disabled,
    ).toBe(true);
    expect(within(dialog).getByRole('link', { name: 'Unlock additional fees' })).toBeTruthy();
    await fillSimpleProduct(user, dialog, 'Basic product');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText(MESSAGES.productCreated);
    const sent = calls.find((c) => c.path === '/api/product/upsert')?.body as { product: Record<string, unknown> };
    expect('additionalFees' in sent.product).toBe(false);
  });

  it('edits promotion planning from the Promotion tab with the tooltip guidance', async () => {
    const { calls } = fakeProductsServer([makeProduct(E1)]);
    const user = userEvent.setup();
    renderApp('/profit-calculator', premium());
    const promotionTab = await screen.findByRole('tab', { name: 'Promotion' });
    await user.click(promotionTab);
    expect(promotionTab.getAttribute('aria-selected')).toBe('true');
    const card = screen.getByRole('article', { name: E1.title });
    expect(metric(card, 'totalCost')).toBe('$1,307.64');
    await user.click(within(card).getByRole('button', { name: `Edit ${E1.title}` }));
    const dialog = screen.getByRole('dialog', { name: 'Promotion and Advertising planning' });
    expect(within(dialog).getByText('Launch promotions usually give 90–99% off.')).toBeTruthy();
    expect(within(dialog).getByText('Run a launch promotion for 7–10 days.')).toBeTruthy();
    expect(within(dialog).getByText('Budget 1–3 times the product’s price per day for ads.')).toBeTruthy();
    const days = within(dialog).getByLabelText('Promotion days');
    await user.clear(days);
    await user.type(days, '10');
    expect(metric(dialog, 'totalCost')).toBe('$1,868.06');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.productSaved)).toBeTruthy();
    const sent = calls.filter((c) => c.path === '/api/product/upsert').pop()?.body as {
      product: Record<string, unknown>;
    };
    expect(Object.keys(sent.product).sort()).toEqual([
      'dailyAdvertisingCost',
      'id',
      'promotionDays',
      'promotionPercentage',
      'promotionUnitsPerDay',
    ]);
    expect(sent.product.promotionDays).toBe(10);
  });

  it('moves between tabs with the arrow keys and shows every section in View All', async () => {
    fakeProductsServer([makeProduct(E1)]);
    const user = userEvent.setup();
    renderApp('/profit-calculator', premium());
    const productTab = await screen.findByRole('tab', { name: 'Product' });
    productTab.focus();
    await user.keyboard('{ArrowLeft}');
    const all = screen.getByRole('tab', { name: 'View All' });
    expect(all.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(all);
    const card = screen.getByRole('article', { name: E1.title });
    for (const s of ['Product', 'Promotion', 'Advertising', 'Planning'])
      expect(within(card).getByRole('region', { name: `${s} of ${E1.title}` })).toBeTruthy();
    expect(metric(card, 'ACOSBreakEven')).toBe('54.27%');
    expect(metric(card, 'monthlyProfit')).toBe('$2,457.75');
    await user.click(within(card).getByRole('button', { name: `Edit planning of ${E1.title}` }));
    expect(screen.getByRole('dialog', { name: 'Planning' })).toBeTruthy();
  });

  it('deletes a product after confirmation and returns to the empty state', async () => {
    const { calls } = fakeProductsServer([makeProduct(E1, 77)]);
    const user = userEvent.setup();
    renderApp('/profit-calculator', premium());
    await user.click(await screen.findByRole('button', { name: `Edit ${E1.title}` }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText(MESSAGES.productDeleted)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/product/77')).toBe(true);
    await waitFor(() => expect(screen.getByText(MESSAGES.noProducts)).toBeTruthy());
  });

  it("shows the server's field errors beside the fields", async () => {
    fakeProductsServer([], {
      upsert: () => ({
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'Please enter 0 or more',
            fields: { costPerUnit: 'Please enter 0 or more' },
          },
        },
      }),
    });
    const user = userEvent.setup();
    renderApp('/profit-calculator', premium());
    await user.click(await screen.findByRole('button', { name: 'Add my first Product' }));
    const dialog = screen.getByRole('dialog');
    await fillSimpleProduct(user, dialog, 'X');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter 0 or more')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
