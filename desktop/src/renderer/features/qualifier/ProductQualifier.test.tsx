// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QUALIFIER_ANSWER_IDS, YES_NO_IDS, answersById, evaluateQualifier, type SizeTier } from '@shared/calc';
import { QUALIFIER_QUESTIONS, answerFeedback } from '@shared/content/qualifier';
import { MESSAGES } from '@shared/messages';
import type { QualifierAnswerInput, QualifierProgress } from '@shared/types';
import { makeUser } from '../../test/fixtures';
import { mockFetch, renderApp, type MockResponse } from '../../test/render';

afterEach(async () => {
  cleanup();
  // Unmounting saves answers changed in the last moment; let that request reach the mock first.
  await new Promise((resolve) => setTimeout(resolve, 20));
  vi.unstubAllGlobals();
});

function progressOf(answers: QualifierAnswerInput[], sizeTier: SizeTier | null, rated: boolean): QualifierProgress {
  const byId = answersById(answers);
  const list = QUALIFIER_QUESTIONS.map((q) => {
    const answer = byId[q.id] ?? null;
    return {
      id: q.id,
      question: q.prompt({ volume: byId.volume == null ? null : Number(byId.volume), sizeTier }),
      answer,
      feedback: answerFeedback(q.id, answer),
    };
  });
  const { score, result } = evaluateQualifier(list);
  return { answers: list, sizeTier, score, result, rated, updatedAt: '2026-01-01T00:00:00.000Z', launch: null };
}

/** An in-memory /api/product-qualifier (the real one has API tests): recomputes like the server. */
function qualifierServer(initial: QualifierProgress | null, send?: (body: unknown) => MockResponse) {
  let progress = initial;
  const calls = mockFetch(({ path, body }) => {
    if (path === '/api/product-qualifier') return { body: { progress } };
    if (path === '/api/product-qualifier/save') {
      const b = body as { answers: QualifierAnswerInput[]; sizeTier?: SizeTier | null; rated?: boolean };
      progress = progressOf(b.answers, b.sizeTier ?? null, b.rated === true);
      return { body: { progress } };
    }
    if (path === '/api/product-qualifier/send')
      return send?.(body) ?? { body: { success: true, message: MESSAGES.qualifierEmailSent } };
    return undefined;
  });
  return { calls, saved: () => progress };
}

const allYes = (volume: number) => [
  { id: 'keyword', answer: 'garlic press' },
  { id: 'volume', answer: volume },
  ...YES_NO_IDS.map((id) => ({ id, answer: 'Yes' })),
];

const member = () => makeUser({ role: 'premium', email: 'priya@example.test' });

describe('Product Qualifier Tool', () => {
  it('shows course only members the upgrade prompt and asks the server nothing', async () => {
    const calls = mockFetch();
    renderApp('/product-qualifier', makeUser({ role: 'course only' }));
    expect(await screen.findByRole('heading', { name: 'Upgrade to use the Product Qualifier Tool' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade now' })).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/api/product-qualifier'))).toBe(false);
  });

  it('shows the intro video, every question and Learn More videos', async () => {
    qualifierServer(null);
    const user = userEvent.setup();
    renderApp('/product-qualifier', member());
    const questions = await screen.findByRole('list', { name: 'Questions' });
    expect(within(questions).getAllByRole('listitem')).toHaveLength(QUALIFIER_ANSWER_IDS.length);
    expect(screen.getByTitle('Product Qualifier introduction').getAttribute('src')).toMatch(
      /^https:\/\/www\.youtube\.com\/embed\//,
    );
    expect(screen.getAllByRole('button', { name: /^Learn More/ })).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Learn More: Sourcing' }));
    const dialog = screen.getByRole('dialog', { name: 'Learn More: Sourcing' });
    expect(within(dialog).getByTitle('Sourcing video')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('gives volume feedback and moves the question 3 search threshold with the slider', async () => {
    qualifierServer(null);
    renderApp('/product-qualifier', member());
    const slider = await screen.findByRole('slider');
    // Before question 2 is answered, question 3 names no number and says where the bar comes from.
    expect(
      screen.getByText(/a good share of your main keyword's monthly searches\? Answer question 2 first/),
    ).toBeTruthy();
    expect(screen.queryByText(/0 or more searches/)).toBeNull();
    fireEvent.change(slider, { target: { value: '3000' } });
    expect(screen.getByText(/\(50 % of the 3,000 monthly searches of your main keyword\)/)).toBeTruthy();
    expect(screen.getByText(/not recommended/)).toBeTruthy();
    expect(screen.getByText(/1,500 or more searches a month \(50 %/)).toBeTruthy();
    fireEvent.change(slider, { target: { value: '12000' } });
    expect(screen.getByText(/Sweet spot/)).toBeTruthy();
    expect(screen.getByText(/1,200 or more searches a month \(10 %/)).toBeTruthy();
    fireEvent.change(slider, { target: { value: '30000' } });
    expect(screen.getByText(/may require a higher budget/)).toBeTruthy();
  });

  it('shows the size-tier price threshold in the average price question', async () => {
    qualifierServer(null);
    const user = userEvent.setup();
    renderApp('/product-qualifier', member());
    expect(
      await screen.findByText(/\$20 for small standard, \$25 for large standard, \$45 for large and bulky/),
    ).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Size tier'), 'large and bulky');
    expect(screen.getByText(/\$45 or more \(large and bulky\)/)).toBeTruthy();
  });

  it('requires the first question to rate', async () => {
    const { calls } = qualifierServer(null);
    const user = userEvent.setup();
    renderApp('/product-qualifier', member());
    await user.click(await screen.findByRole('button', { name: 'Rate My Product' }));
    expect(screen.getByText(MESSAGES.fieldRequired)).toBeTruthy();
    // Said at the button (and tied to it), and focus is taken to the first invalid question.
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(
      '11 questions are missing an answer. Question 1 (your main keyword) is required to rate your product.',
    );
    expect(screen.getByRole('button', { name: 'Rate My Product' }).getAttribute('aria-describedby')).toBe(alert.id);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /main keyword/ }));
    // Answer a few: the count follows; typing the keyword clears the message.
    fireEvent.change(screen.getByRole('slider'), { target: { value: '12000' } });
    await user.click(within(screen.getAllByRole('radiogroup')[0]!).getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Rate My Product' }));
    expect(screen.getByRole('alert').textContent).toMatch(/^9 questions are missing an answer\./);
    await user.type(screen.getByRole('textbox', { name: /main keyword/ }), 'g');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.some((c) => c.path === '/api/product-qualifier/save' && (c.body as { rated?: boolean }).rated)).toBe(
      false,
    );
  });

  it('rates a product: results with the band, score and feedback from the server', async () => {
    const { calls } = qualifierServer(null);
    const user = userEvent.setup();
    renderApp('/product-qualifier', member());
    await user.type(await screen.findByRole('textbox', { name: /main keyword/ }), 'garlic press');
    fireEvent.change(screen.getByRole('slider'), { target: { value: '12000' } });
    for (const group of screen.getAllByRole('radiogroup'))
      await user.click(within(group).getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Rate My Product' }));
    expect(await screen.findByTestId('qualifier-band')).toHaveProperty('textContent', 'Two thumbs up!');
    expect(screen.getByTestId('qualifier-score').textContent).toBe('Score: 10 / 10');
    const rated = calls.filter((c) => c.path === '/api/product-qualifier/save').pop()?.body as {
      rated: boolean;
      answers: unknown[];
    };
    expect(rated.rated).toBe(true);
    expect(rated.answers).toHaveLength(11);
    expect(screen.getByText('Good: a better product gives shoppers a reason to choose yours.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Share your product in the community group' })).toBeTruthy();
  });

  it('saves answers as they change so they are there on the next visit', async () => {
    const server = qualifierServer(null);
    const user = userEvent.setup();
    renderApp('/product-qualifier', member());
    await user.type(await screen.findByRole('textbox', { name: /main keyword/ }), 'mug warmer');
    await waitFor(() => expect(server.saved()?.answers[0]?.answer).toBe('mug warmer'), { timeout: 3000 });
    expect(await screen.findByText('Your answers are saved.')).toBeTruthy();
    cleanup();
    renderApp('/product-qualifier', member());
    expect((await screen.findByRole<HTMLInputElement>('textbox', { name: /main keyword/ })).value).toBe('mug warmer');
  });

  it('comes back to rated results, and sends them by email: the form is replaced by the success message', async () => {
    const { calls } = qualifierServer(progressOf(allYes(3000), null, true));
    const user = userEvent.setup();
    renderApp('/product-qualifier', member());
    expect((await screen.findByTestId('qualifier-score')).textContent).toBe('Score: 9 / 10');
    const form = screen.getByRole('form', { name: 'Email my results' });
    expect(within(form).getByLabelText<HTMLInputElement>('Email').value).toBe('priya@example.test');
    expect(within(form).getByLabelText<HTMLInputElement>('Keyword').value).toBe('garlic press');
    await user.clear(within(form).getByLabelText('Email'));
    await user.click(within(form).getByRole('button', { name: 'Send results' }));
    expect(within(form).getByText(MESSAGES.fieldRequired)).toBeTruthy();
    await user.type(within(form).getByLabelText('Email'), 'me@example.test');
    await user.click(within(form).getByRole('button', { name: 'Send results' }));
    expect(await screen.findByText(MESSAGES.qualifierEmailSent)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Email my results' })).toBeNull();
    // docs/errors.md: the toast 'Email sent successfully'.
    expect(await screen.findByText(MESSAGES.emailSent)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/product-qualifier/send')?.body).toMatchObject({
      email: 'me@example.test',
      keywords: 'garlic press',
    });
  });

  it("shows the server's reason when sending fails (rate limit)", async () => {
    qualifierServer(progressOf(allYes(12000), null, true), () => ({
      status: 429,
      body: { error: { code: 'rate_limited', message: MESSAGES.tooManyQualifierEmails } },
    }));
    const user = userEvent.setup();
    renderApp('/product-qualifier', member());
    await user.click(await screen.findByRole('button', { name: 'Send results' }));
    expect(await screen.findByText(MESSAGES.tooManyQualifierEmails)).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Email my results' })).toBeTruthy();
  });

  it('refreshes progress after confirmation: answers and results cleared, on the server too', async () => {
    const server = qualifierServer(progressOf(allYes(12000), 'small standard', true));
    const user = userEvent.setup();
    renderApp('/product-qualifier', member());
    await screen.findByTestId('qualifier-band');
    await user.click(screen.getByRole('button', { name: 'Refresh progress' }));
    const dialog = screen.getByRole('dialog', { name: 'Refresh your progress?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('qualifier-band')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Refresh progress' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, start over' }));
    await waitFor(() => expect(screen.queryByTestId('qualifier-band')).toBeNull());
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /main keyword/ }).value).toBe('');
    expect(screen.queryAllByRole('radio', { checked: true })).toHaveLength(0);
    expect(server.saved()).toMatchObject({ score: 0, rated: false, sizeTier: null });
  });

  it('hides stale results when an answer changes after rating', async () => {
    qualifierServer(progressOf(allYes(12000), null, true));
    const user = userEvent.setup();
    renderApp('/product-qualifier', member());
    await screen.findByTestId('qualifier-band');
    const improve = screen.getAllByRole('radiogroup').pop()!;
    await user.click(within(improve).getByRole('radio', { name: 'No' }));
    expect(screen.queryByTestId('qualifier-band')).toBeNull();
  });
});
