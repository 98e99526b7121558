// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { planReorder } from '@shared/calc';
import { makeUser } from '../../test/fixtures';
import { readableDate } from './PlanningPanels';
import { renderApp, whenEnabled } from '../../test/render';
import { platform } from '../../test/platformMock';
import { makeProduct, makeScenario, fakeProductsServer } from '../../test/fake-products';

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
  promotionUnitsPerDay: 12,
  promotionPercentage: 95,
  promotionDays: 7,
  dailyAdvertisingCost: 50,
  spend: 320,
  sales: 960,
  projectedUnits: 300,
};

const metric = (root: ParentNode, field: string) => root.querySelector(`[data-metric="${field}"]`)?.textContent;

async function openDetail(role: 'premium' | 'basic' = 'premium', scenarios = false) {
  const product = makeProduct(E1, 41);
  const server = fakeProductsServer([product], {
    role,
    scenarios: scenarios ? [makeScenario(41, 'Price up', { amazonRetail: 29.99, costPerUnit: 3.5 }, 7)] : [],
  });
  renderApp('/profit-calculator?product=41', makeUser({ role }));
  await screen.findByRole('heading', { name: E1.title });
  return server;
}

describe('product view: return and cash', () => {
  it('shows ROI per unit, TACoS, payback units and cash needed, each with its explanation', async () => {
    await openDetail();
    const panel = screen.getByRole('region', { name: 'Return and cash' });
    expect(metric(panel, 'roiPerUnit')).toBe('202.28%');
    expect(metric(panel, 'tacos')).toBe('17.86%');
    expect(metric(panel, 'paybackUnits')).toBe('331 units');
    expect(metric(panel, 'cashNeeded')).toBe('$5,357.64');
    expect(within(panel).getByText(/Units to sell before the bulk order has paid for itself/)).toBeTruthy();
  });
});

describe('Solve for', () => {
  it("asks the server for the price of a 30 % margin, and Apply saves it as the product's price", async () => {
    const server = await openDetail();
    const user = userEvent.setup();
    const panel = screen.getByRole('region', { name: 'Solve for' });
    await user.type(within(panel).getByLabelText('Target value'), '30');
    await user.click(within(panel).getByRole('button', { name: 'Solve' }));
    expect((await within(panel).findByTestId('solve-answer')).textContent).toBe(
      '$28.45 is the lowest Amazon retail price, to the cent, reaching a 30.00% profit margin; the product will show a 30.01% profit margin.',
    );
    const call = server.calls.find((c) => c.path === '/api/product/41/solve')!;
    expect(Object.fromEntries(call.search)).toEqual({ target: 'margin', value: '30' });
    await user.click(within(panel).getByRole('button', { name: 'Apply this price' }));
    await waitFor(() => expect(server.list()[0]!.amazonRetail).toBe(28.45));
    expect(server.calls.find((c) => c.path === '/api/product/upsert')!.body).toEqual({
      product: { id: 41, amazonRetail: 28.45 },
    });
    await waitFor(() => expect(metric(document, 'profitMargin')).toBe('30.01%'));
    // Applied: nothing stale left to apply; the product shows its new input.
    expect(within(panel).getByTestId('solve-answer').textContent).toBe(
      'Applied: the Amazon retail price is now $28.45.',
    );
    expect(within(panel).queryByRole('button', { name: /Apply/ })).toBeNull();
    expect(document.querySelector('[data-input="amazonRetail"]')?.textContent).toBe('$28.45');
  });

  it("shows the product's own inputs, and an answer goes stale when the product changes", async () => {
    const server = await openDetail();
    const user = userEvent.setup();
    const inputs = screen.getByRole('region', { name: 'What you entered' });
    expect(within(inputs).getByText('Cost per unit').nextSibling?.textContent).toBe('$3.20');
    expect(inputs.querySelector('[data-input="units"]')?.textContent).toBe('1,000');
    expect(inputs.querySelector('[data-input="promotionPercentage"]')?.textContent).toBe('95.00%');
    const panel = screen.getByRole('region', { name: 'Solve for' });
    await user.type(within(panel).getByLabelText('Target value'), '30');
    await user.click(within(panel).getByRole('button', { name: 'Solve' }));
    expect(await within(panel).findByRole('button', { name: 'Apply this price' })).toBeTruthy();
    // The fees are saved elsewhere on the page: the answer was for other inputs.
    fireEvent.change(screen.getByRole('slider'), { target: { value: '30' } });
    await user.click(screen.getByRole('button', { name: 'Save additional fees' }));
    await waitFor(() => expect(server.list()[0]!.additionalFees).not.toBe(25));
    await waitFor(() =>
      expect(within(panel).getByTestId('solve-answer').textContent).toBe(
        'The product has changed since this answer. Solve again for its new figures.',
      ),
    );
    expect(within(panel).queryByRole('button', { name: /Apply/ })).toBeNull();
  });

  it('says when no price reaches the target, with nothing to apply', async () => {
    await openDetail();
    const user = userEvent.setup();
    const panel = screen.getByRole('region', { name: 'Solve for' });
    await user.type(within(panel).getByLabelText('Target value'), '80');
    await user.click(within(panel).getByRole('button', { name: 'Solve' }));
    expect((await within(panel).findByTestId('solve-answer')).textContent).toBe(
      'No price reaches a 80.00% profit margin. With 25.00% additional fees the margin stays below 75.00%.',
    );
    expect(within(panel).queryByRole('button', { name: /Apply/ })).toBeNull();
  });

  it('solves for the highest cost per unit, and checks the value before asking', async () => {
    const server = await openDetail();
    const user = userEvent.setup();
    const panel = screen.getByRole('region', { name: 'Solve for' });
    await user.click(within(panel).getByRole('button', { name: 'Solve' }));
    expect(await within(panel).findByText('This field cannot be empty')).toBeTruthy();
    expect(server.calls.some((c) => c.path.endsWith('/solve'))).toBe(false);
    await user.selectOptions(within(panel).getByLabelText('Target'), 'maxCostPerUnit');
    await user.type(within(panel).getByLabelText('Target value'), '20');
    await user.click(within(panel).getByRole('button', { name: 'Solve' }));
    expect((await within(panel).findByTestId('solve-answer')).textContent).toBe(
      'A cost per unit of up to $5.79 keeps a 20.00% margin at $27.99; the product will show a 20.02% profit margin.',
    );
    expect(within(panel).getByRole('button', { name: 'Apply this cost' })).toBeTruthy();
  });
});

describe('scenarios', () => {
  it('adds a named scenario and shows it beside the base with every figure and its difference', async () => {
    const server = await openDetail();
    const user = userEvent.setup();
    // Enabled once the product's scenarios are read.
    await user.click(await whenEnabled(() => screen.getByRole('button', { name: 'Add scenario' })));
    const dialog = await screen.findByRole('dialog', { name: 'Add a scenario' });
    await user.type(within(dialog).getByLabelText('Scenario name'), 'Price up');
    expect(within(dialog).getByLabelText('Amazon retail price').getAttribute('placeholder')).toBe('As product: $27.99');
    await user.type(within(dialog).getByLabelText('Amazon retail price'), '29.99');
    await user.type(within(dialog).getByLabelText('Cost per unit'), '3.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.scenarios()).toHaveLength(1));
    const post = server.calls.find((c) => c.method === 'POST' && c.path === '/api/product/41/scenarios')!;
    expect(post.body).toMatchObject({
      name: 'Price up',
      changes: { amazonRetail: 29.99, costPerUnit: 3.5, units: null },
    });
    const table = await screen.findByRole('table', { name: `Scenarios of ${E1.title}` });
    const row = within(table).getByRole('row', { name: /^Estimated profit per unit/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['$8.19', '$9.39+$1.20']);
    const payback = within(table).getByRole('row', { name: /^Payback units/ });
    expect(
      within(payback)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['331 units', '317 units−14']);
  });

  it('shows the sensitivity of the profit per unit to the price and the landed cost', async () => {
    await openDetail();
    const strip = screen.getByRole('table', { name: 'Sensitivity of the profit per unit' });
    const cells = (name: string) =>
      within(within(strip).getByRole('row', { name: new RegExp(name) }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('the price moves')).toEqual(['$6.09', '$7.14', '$8.19', '$9.24', '$10.29']);
    expect(cells('the landed cost moves')).toEqual(['$8.60', '$8.40', '$8.19', '$7.99', '$7.79']);
  });

  it('edits and deletes a scenario; a basic member cannot change additional fees in it', async () => {
    const server = await openDetail('basic', true);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit scenario Price up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit scenario Price up' });
    expect(within(dialog).queryByLabelText('Additional fees')).toBeNull();
    expect(within(dialog).getByLabelText<HTMLInputElement>('Amazon retail price').value).toBe('29.99');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(server.scenarios()).toHaveLength(0));
  });
});

describe('export and summary', () => {
  it('downloads the products as CSV through the platform', async () => {
    await openDetail();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(platform.saveFile).toHaveBeenCalledTimes(1));
    expect(platform.saveFile.mock.calls[0]![0]).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('prints a one-page summary with the figures and scenarios, saved as PDF by the platform', async () => {
    fakeProductsServer([makeProduct(E1, 41)], {
      scenarios: [makeScenario(41, 'Price up', { amazonRetail: 29.99 }, 7)],
    });
    renderApp('/profit-calculator/41/summary', makeUser({ role: 'premium' }));
    const sheet = await screen.findByRole('article');
    expect(sheet.hasAttribute('data-print-area')).toBe(true);
    expect(within(sheet).getByRole('heading', { name: E1.title })).toBeTruthy();
    expect(metric(sheet, 'paybackUnits')).toBe('331 units');
    expect(within(sheet).getByRole('columnheader', { name: 'Price up' })).toBeTruthy();
    const ads = within(sheet).getByRole('region', { name: 'Fees and ad targets' });
    expect(ads.textContent).toContain('Target ACoS (10% margin)44.27%');
    expect(ads.textContent).toContain('Max CPC (10% conversion)$1.24');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Print or save as PDF' }));
    expect(platform.printOrSavePdf).toHaveBeenCalledWith('Bamboo board summary.pdf');
    // No plan yet: no reorder section.
    expect(within(sheet).queryByRole('region', { name: 'Reorder plan' })).toBeNull();
  });

  it('prints the product’s kept reorder plan with the day it was made', async () => {
    const inputs = {
      onHand: 1000,
      dailySales: 10,
      leadTimeDays: 30,
      coverDays: 90,
      safetyDays: 0,
      timeZone: 'UTC',
      plannedOn: '2026-03-02',
    };
    const product = { ...makeProduct(E1, 41), reorder: { inputs, plan: planReorder(inputs, inputs.plannedOn) } };
    fakeProductsServer([product]);
    renderApp('/profit-calculator/41/summary', makeUser({ role: 'premium' }));
    const sheet = await screen.findByRole('article');
    const section = within(sheet).getByRole('region', { name: 'Reorder plan' });
    expect(section.textContent).toContain('Planned on');
    expect(section.textContent).toContain('Reorder point300 units');
    expect(section.textContent).toContain('Quantity900 units');
    // 70 days after 2 March 2026.
    expect(section.textContent).toContain(readableDate('2026-05-11'));
  });
});
