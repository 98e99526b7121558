// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { YES_NO_IDS, answersById, evaluateQualifier, type YesNoId } from '@shared/calc';
import { QUALIFIER_QUESTIONS, answerFeedback } from '@shared/content/qualifier';
import type { QualifierLaunch, QualifierProgress } from '@shared/types';
import { MESSAGES } from '@shared/messages';
import { makeUser } from '../../test/fixtures';
import { mockFetch, renderApp } from '../../test/render';
import { makeProduct } from '../../test/fake-products';

afterEach(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 20));
  vi.unstubAllGlobals();
});

/** A rated result of 'garlic press' with every question Yes except `no`. */
function rated(no: YesNoId[] = [], launch: QualifierLaunch | null = null): QualifierProgress {
  const byId = answersById([
    { id: 'keyword', answer: 'garlic press' },
    { id: 'volume', answer: 12000 },
    ...YES_NO_IDS.map((id) => ({ id, answer: no.includes(id) ? 'No' : 'Yes' })),
  ]);
  const answers = QUALIFIER_QUESTIONS.map((q) => ({
    id: q.id,
    question: q.prompt({ volume: 12000, sizeTier: 'small standard' }),
    answer: byId[q.id] ?? null,
    feedback: answerFeedback(q.id, byId[q.id] ?? null),
  }));
  const { score, result } = evaluateQualifier(answers);
  return {
    answers,
    sizeTier: 'small standard',
    score,
    result,
    rated: true,
    updatedAt: '2026-01-01T00:00:00.000Z',
    launch,
  };
}

function server(progress: QualifierProgress) {
  let current = progress;
  return mockFetch(({ path, body }) => {
    if (path === '/api/product-qualifier') return { body: { progress: current } };
    if (path === '/api/product-qualifier/start') {
      const b = body as { title?: string; units: number | string };
      if (!b.units)
        return {
          status: 400,
          body: {
            error: { code: 'validation_failed', message: 'x', fields: { units: 'Please enter at least 1 unit' } },
          },
        };
      const product = makeProduct({ title: b.title ?? 'garlic press' }, 77);
      current = { ...current, launch: { keyword: 'garlic press', productId: product.id, cardId: 88 } };
      return { body: { progress: current, product, cardId: 88, message: 'Product started in the Power Profit Tool' } };
    }
    return undefined;
  });
}

describe('Start this product: the launch playbook', () => {
  const launch = {
    id: 9,
    name: 'Launch plan',
    description: '',
    cards: [{ title: 'Order samples', description: '', checklist: [], labels: [], dueInDays: 3 }],
    launch: true,
    createdBy: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };

  it('offers the launch plan once the product is started, and adds it to the member’s board once per product', async () => {
    const calls = mockFetch(({ path, method }) => {
      if (path === '/api/product-qualifier')
        return { body: { progress: rated([], { keyword: 'garlic press', productId: 5, cardId: 12 }) } };
      if (path === '/api/playbooks/launch') return { body: { playbook: launch } };
      if (path === '/api/playbooks/apply' && method === 'POST') return { body: { applied: 1, skipped: 0 } };
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/product-qualifier', makeUser({ role: 'premium' }));
    const done = await screen.findByRole('region', { name: 'Your product is started' });
    await user.click(await within(done).findByRole('button', { name: MESSAGES.playbookLaunchOffer }));
    expect(await within(done).findByText(new RegExp(MESSAGES.playbookLaunchAdded))).toBeTruthy();
    const apply = calls.find((c) => c.path === '/api/playbooks/apply')!;
    expect(apply.body).toMatchObject({ playbookId: 9, key: 'launch:5:9' });
    expect(apply.body).not.toHaveProperty('userIds');
  });

  it('offers nothing without a launch playbook', async () => {
    const calls = mockFetch(({ path }) => {
      if (path === '/api/product-qualifier')
        return { body: { progress: rated([], { keyword: 'garlic press', productId: 5, cardId: 12 }) } };
      if (path === '/api/playbooks/launch') return { body: { playbook: null } };
      return undefined;
    });
    renderApp('/product-qualifier', makeUser({ role: 'premium' }));
    await screen.findByRole('region', { name: 'Your product is started' });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/playbooks/launch')).toBe(true));
    expect(screen.queryByRole('button', { name: MESSAGES.playbookLaunchOffer })).toBeNull();
  });
});

describe('Start this product', () => {
  it('starts a qualified product from the result: the numbers it knows, then links to the product and card', async () => {
    const calls = server(rated());
    const user = userEvent.setup();
    renderApp('/product-qualifier', makeUser({ role: 'premium' }));
    const area = await screen.findByRole('region', { name: 'Now what?' });
    await user.click(within(area).getByRole('button', { name: 'Start this product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start this product' });
    expect(within(dialog).getByText(/Launch: garlic press/)).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLInputElement>('Product title').value).toBe('garlic press');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Amazon retail price').value).toBe('20');
    // The dialog says units are needed, the button what it does; a blank Units says what to enter.
    expect(within(dialog).getByText(/Only the units of your first order are needed/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Start product' }));
    expect(await within(dialog).findByText('Please enter how many units your first order has')).toBeTruthy();
    expect(within(dialog).queryByText('This field cannot be empty')).toBeNull();
    await user.type(within(dialog).getByLabelText('Units in the first order'), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Start product' }));
    const done = await screen.findByRole('region', { name: 'Your product is started' });
    expect(
      within(done).getByRole('link', { name: 'Open garlic press in the Power Profit Tool' }).getAttribute('href'),
    ).toBe('/profit-calculator?product=77');
    expect(
      within(done)
        .getByRole('link', { name: 'Open the launch card on your Move the Needle board' })
        .getAttribute('href'),
    ).toBe('/move-the-needle?card=88');
    const start = calls.find((c) => c.path === '/api/product-qualifier/start')!;
    expect(start.body).toMatchObject({ title: 'garlic press', units: 500, amazonRetail: 20 });
    await waitFor(() => expect(screen.getByText('Product started in the Power Profit Tool')).toBeTruthy());
  });

  it('does not mention a launch card to a member without a board', async () => {
    server(rated());
    const user = userEvent.setup();
    renderApp('/product-qualifier', makeUser({ role: 'basic' }));
    await user.click(await screen.findByRole('button', { name: 'Start this product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start this product' });
    expect(within(dialog).queryByText(/Launch:/)).toBeNull();
  });

  it('is not offered for two thumbs down, and shows the links once started', async () => {
    server(rated(['sellers', 'units', 'competitors', 'improve']));
    renderApp('/product-qualifier', makeUser({ role: 'premium' }));
    expect(await screen.findByTestId('qualifier-band')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start this product' })).toBeNull();
    cleanup();
    server(rated([], { keyword: 'garlic press', productId: 5, cardId: null }));
    renderApp('/product-qualifier', makeUser({ role: 'premium' }));
    const done = await screen.findByRole('region', { name: 'Your product is started' });
    expect(within(done).getAllByRole('link')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Start this product' })).toBeNull();
  });
});
