// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fakeProductsServer, makeProduct } from '../../test/fake-products';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

// docs/areas/seller-tools.md, "Marketplaces": a UK product at £24.00 with 20 % VAT is computed on £20.00.
const BOARD = {
  title: 'Oak board',
  units: 100,
  costPerUnit: 2,
  shippingCost: 100,
  amazonFees: 5,
  amazonRetail: 24,
  additionalFees: 25,
};

async function openDetail(fields: Partial<Parameters<typeof makeProduct>[0]> = {}) {
  const server = fakeProductsServer([makeProduct({ ...BOARD, ...fields }, 61)], { role: 'premium' });
  renderApp('/profit-calculator?product=61', makeUser({ role: 'premium', createdAt: '2024-06-01T00:00:00Z' }));
  await screen.findByRole('heading', { name: BOARD.title });
  return server;
}

describe('products in the four marketplaces', () => {
  it('a UK product shows pounds and says its figures are on the price without VAT', async () => {
    await openDetail({ marketplace: 'UK' });
    const line = screen.getByTestId('product-marketplace');
    expect(line.textContent).toContain('Sells on UK, in GBP');
    expect(line.textContent).toContain('20% VAT');
    expect(line.textContent).toContain('£20.00');
    // Net profit per unit on £20.00: 20 − 5 − 3 = £12.00.
    const net = document.querySelector('[data-metric="netProfitPerUnit"]');
    expect(net?.textContent).toBe('£12.00');
  });

  it('a DE product shows euros, a CA product Canadian dollars', async () => {
    await openDetail({ marketplace: 'DE', amazonRetail: 23.8 });
    expect(document.querySelector('[data-metric="netProfitPerUnit"]')?.textContent?.replace(/\s/g, ' ')).toBe(
      '12,00 €',
    );
    cleanup();
    await openDetail({ marketplace: 'CA', amazonRetail: 20 });
    expect(document.querySelector('[data-metric="netProfitPerUnit"]')?.textContent).toBe('C$12.00');
  });

  it('the product form chooses the marketplace, previews on the price without VAT and saves it', async () => {
    const server = await openDetail();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: `Edit ${BOARD.title}` }));
    const dialog = await screen.findByRole('dialog');
    const select = within(dialog).getByLabelText<HTMLSelectElement>('Marketplace');
    expect(select.value).toBe('US');
    await user.selectOptions(select, 'UK');
    expect(await within(dialog).findByText(/every figure is computed on the price without its 20% VAT/)).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByText('Amazon retail price (with 20% VAT)')).toBeTruthy());
    await waitFor(() => expect(dialog.querySelector('[data-metric="netProfitPerUnit"]')?.textContent).toBe('£12.00'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.list()[0]!.marketplace).toBe('UK'));
    const upsert = server.calls.filter((c) => c.path === '/api/product/upsert').at(-1)!;
    expect((upsert.body as { product: { marketplace: string } }).product.marketplace).toBe('UK');
  });
});
