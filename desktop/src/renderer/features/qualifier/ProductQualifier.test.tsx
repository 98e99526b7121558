// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
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
  window.localStorage.clear();
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

const TOTAL = QUALIFIER_ANSWER_IDS.length;

/** The step on screen: its heading (which says where the member is) and the progress bar agree. */
function expectStep(n: number, title: string) {
  const heading = screen.getByRole('heading', { name: `Question ${n} of ${TOTAL}: ${title}` });
  const bar = screen.getByRole('progressbar', { name: 'Qualifier progress' });
  expect(bar.getAttribute('aria-valuenow')).toBe(String(n));
  expect(bar.getAttribute('aria-valuemax')).toBe(String(TOTAL));
  expect(bar.getAttribute('aria-valuetext')).toBe(`Question ${n} of ${TOTAL}`);
  expect(screen.getByTestId('qualifier-step').textContent).toBe(`Question ${n} of ${TOTAL}`);
  return heading;
}

const next = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Next' }));
const stepButton = (n: number) => screen.getByRole('button', { name: new RegExp(`^Question ${n}: `) });

/** Answers every step with the stepper: the keyword, the volume, then Yes/No (`yes(i)` for the i-th); rates on the last. */
async function answerAll(user: UserEvent, keyword: string, volume: number, yes: (i: number) => boolean = () => true) {
  await user.type(await screen.findByRole('textbox', { name: /main keyword/ }), keyword);
  await next(user);
  fireEvent.change(screen.getByRole('slider'), { target: { value: String(volume) } });
  await next(user);
  for (let i = 0; i < YES_NO_IDS.length; i++) {
    await user.click(within(screen.getByRole('radiogroup')).getByRole('radio', { name: yes(i) ? 'Yes' : 'No' }));
    if (i < YES_NO_IDS.length - 1) await next(user);
  }
}

describe('Product Qualifier Tool', () => {
  it('shows course only members the upgrade prompt and asks the server nothing', async () => {
    const calls = mockFetch();
    renderApp('/product-qualifier', makeUser({ role: 'course only' }));
    expect(await screen.findByRole('heading', { name: 'Upgrade to use the Product Qualifier Tool' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade now' })).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/api/product-qualifier'))).toBe(false);
  });

  it('shows the intro video, one question a step with the list of steps, and Learn More videos', async () => {
    qualifierServer(progressOf(allYes(12000), null, false));
    const user = userEvent.setup();
    renderApp('/product-qualifier', member());
    const steps = await screen.findByRole('list', { name: 'Questions' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(TOTAL);
    expect(screen.getByTitle('Product Qualifier introduction').getAttribute('src')).toMatch(
      /^https:\/\/www\.youtube\.com\/embed\//,
    );
    // Every answer is there: the stepper opens on the last step, and every step can be opened.
    expectStep(TOTAL, 'Improvement');
    expect(
      within(steps)
        .getAllByRole('button')
        .every((b) => !b.hasAttribute('disabled')),
    ).toBe(true);
    await user.click(stepButton(1));
    expectStep(1, 'Main keyword');
    expect(screen.queryByRole('button', { name: /^Learn More/ })).toBeNull();
    let learnMore = 0;
    for (let n = 2; n <= TOTAL; n++) {
      await next(user);
      expectStep(n, QUALIFIER_QUESTIONS[n - 1]!.title);
      expect(document.querySelectorAll('[data-question]')).toHaveLength(1);
      learnMore += screen.getAllByRole('button', { name: /^Learn More/ }).length;
    }
    expect(learnMore).toBe(10);
    await user.click(stepButton(7));
    await user.click(screen.getByRole('button', { name: 'Learn More: Sourcing' }));
    const dialog = screen.getByRole('dialog', { name: 'Learn More: Sourcing' });
    expect(within(dialog).getByTitle('Sourcing video')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the progress and advances it; Next asks for an answer; Back keeps the answers', async () => {
    qualifierServer(null);
    const user = userEvent.setup();
    renderApp('/product-qualifier', member());
    const keyword = await screen.findByRole<HTMLInputElement>('textbox', { name: /main keyword/ });
    expectStep(1, 'Main keyword');
    expect(screen.getByText(`0 of ${TOTAL} answered`)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Back' }).disabled).toBe(true);
    expect(stepButton(1).getAttribute('aria-current')).toBe('step');
    expect(stepButton(2).hasAttribute('disabled')).toBe(true);
    // Next without an answer: the field error, and focus on the input, as the keyword always did.
    await next(user);
    expect(screen.getByText(MESSAGES.fieldRequired)).toBeTruthy();
    expect(keyword.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(keyword);
    expectStep(1, 'Main keyword');
    await user.type(keyword, 'garlic press');
    expect(screen.queryByText(MESSAGES.fieldRequired)).toBeNull();
    // Enter goes on too; focus moves to the new step's heading.
    await user.keyboard('{Enter}');
    const two = expectStep(2, 'Search volume');
    expect(document.activeElement).toBe(two);
    expect(screen.getByText(`1 of ${TOTAL} answered`)).toBeTruthy();
    await next(user);
    expect(screen.getByText(MESSAGES.fieldRequired)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('slider'));
    fireEvent.change(screen.getByRole('slider'), { target: { value: '12000' } });
    await next(user);
    expectStep(3, 'Related searches');
    await next(user);
    expect(screen.getByText(MESSAGES.fieldRequired)).toBeTruthy();
    expect(screen.getByRole('radiogroup').getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await next(user);
    expectStep(4, 'Beatable sellers');
    expect(screen.getByText(`3 of ${TOTAL} answered`)).toBeTruthy();
    // Back, twice: every answer is still there.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(document.activeElement).toBe(expectStep(3, 'Related searches'));
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Yes' }).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole<HTMLInputElement>('slider').value).toBe('12000');
    // The list of steps jumps to an answered one, and to the first open one, not further.
    await user.click(stepButton(1));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /main keyword/ }).value).toBe('garlic press');
    expect(stepButton(4).hasAttribute('disabled')).toBe(false);
    expect(stepButton(5).hasAttribute('disabled')).toBe(true);
    await user.click(stepButton(4));
    expectStep(4, 'Beatable sellers');
  });

  it('gives volume feedback and moves the question 3 search threshold with the slider', async () => {
    // Saved before the stepper: question 3 answered while question 2 is not.
    qualifierServer(
      progressOf(
        [
          { id: 'keyword', answer: 'garlic press' },
          { id: 'searches', answer: 'Yes' },
        ],
        null,
        false,
      ),
    );
    const user = userEvent.setup();
    renderApp('/product-qualifier', member());
    await screen.findByRole('slider');
    expectStep(2, 'Search volume');
    await user.click(stepButton(3));
    // Before question 2 is answered, question 3 names no number and says where the bar comes from.
    expect(
      screen.getByText(/a good share of your main keyword's monthly searches\? Answer question 2 first/),
    ).toBeTruthy();
    expect(screen.queryByText(/0 or more searches/)).toBeNull();
    await user.click(stepButton(2));
    const slider = screen.getByRole('slider');
    fireEvent.change(slider, { target: { value: '3000' } });
    expect(screen.getByText(/not recommended/)).toBeTruthy();
    await next(user);
    expect(screen.getByText(/\(50% of the 3,000 monthly searches of your main keyword\)/)).toBeTruthy();
    expect(screen.getByText(/1,500 or more searches a month \(50%/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.change(screen.getByRole('slider'), { target: { value: '12000' } });
    expect(screen.getByText(/Sweet spot/)).toBeTruthy();
    await next(user);
    expect(screen.getByText(/1,200 or more searches a month \(10%/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.change(screen.getByRole('slider'), { target: { value: '30000' } });
    expect(screen.getByText(/may require a higher budget/)).toBeTruthy();
  });

  it('shows the size-tier price threshold in the average price question', async () => {
    qualifierServer(progressOf(allYes(12000), null, false));
    const user = userEvent.setup();
    renderApp('/product-qualifier', member());
    await user.click(await screen.findByRole('button', { name: /^Question 9: / }));
    expect(screen.getByText(/\$20 for small standard, \$25 for large standard, \$45 for large and bulky/)).toBeTruthy();
    await user.click(stepButton(8));
    await user.selectOptions(screen.getByLabelText('Size tier'), 'large and bulky');
    await next(user);
    expect(screen.getByText(/\$45 or more \(large and bulky\)/)).toBeTruthy();
  });

  it('requires the first question to rate', async () => {
    // Every answer but the keyword (cleared after the other answers were given).
    const { calls } = qualifierServer(progressOf(allYes(12000).slice(1), null, false));
    const user = userEvent.setup();
    renderApp('/product-qualifier', member());
    await user.click(await screen.findByRole('button', { name: /^Question 11: / }));
    await user.click(screen.getByRole('button', { name: 'Rate My Product' }));
    // Said at the button (and tied to it), and the member is taken to question 1, focus in its input.
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      '1 question is missing an answer. Question 1 (your main keyword) is required to rate your product.',
    );
    expectStep(1, 'Main keyword');
    expect(screen.getByText(MESSAGES.fieldRequired)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).getAttribute('aria-describedby')).toBe(alert.id);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /main keyword/ }));
    // Typing the keyword clears the message.
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
    await answerAll(user, 'garlic press', 12000);
    expectStep(TOTAL, 'Improvement');
    expect(screen.getByText(`${TOTAL} of ${TOTAL} answered`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
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

  it('saves answers as they change (and at once on Next), so the next visit has them and opens the same step', async () => {
    const server = qualifierServer(null);
    const user = userEvent.setup();
    const priya = member();
    renderApp('/product-qualifier', priya);
    await user.type(await screen.findByRole('textbox', { name: /main keyword/ }), 'mug warmer');
    await waitFor(() => expect(server.saved()?.answers[0]?.answer).toBe('mug warmer'), { timeout: 3000 });
    expect(await screen.findByText('Your answers are saved.')).toBeTruthy();
    await next(user);
    fireEvent.change(screen.getByRole('slider'), { target: { value: '5000' } });
    await next(user);
    await waitFor(() => expect(server.saved()?.answers[1]?.answer).toBe(5000));
    cleanup();
    renderApp('/product-qualifier', priya);
    await screen.findByRole('radiogroup');
    expectStep(3, 'Related searches');
    await user.click(stepButton(2));
    expect(screen.getByRole<HTMLInputElement>('slider').value).toBe('5000');
    await user.click(stepButton(1));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /main keyword/ }).value).toBe('mug warmer');
  });

  it('keeps answers the server did not take in this browser, and saves them on the next visit', async () => {
    mockFetch(({ path }) => {
      if (path === '/api/product-qualifier') return { body: { progress: null } };
      if (path === '/api/product-qualifier/save')
        return { status: 500, body: { error: { code: 'internal', message: 'Something went wrong' } } };
      return undefined;
    });
    const user = userEvent.setup();
    const priya = member();
    renderApp('/product-qualifier', priya);
    await user.type(await screen.findByRole('textbox', { name: /main keyword/ }), 'desk fan');
    await next(user);
    expect(await screen.findByText(/Your answers could not be saved/)).toBeTruthy();
    cleanup();
    vi.unstubAllGlobals();
    const server = qualifierServer(null);
    renderApp('/product-qualifier', priya);
    expect(await screen.findByRole('slider')).toBeTruthy();
    expectStep(2, 'Search volume');
    await user.click(stepButton(1));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /main keyword/ }).value).toBe('desk fan');
    await waitFor(() => expect(server.saved()?.answers[0]?.answer).toBe('desk fan'));
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

  it('refreshes progress only after confirmation: Cancel keeps everything; Yes clears answers and results, on the server too', async () => {
    const server = qualifierServer(progressOf(allYes(12000), 'small standard', true));
    const user = userEvent.setup();
    renderApp('/product-qualifier', member());
    await screen.findByTestId('qualifier-band');
    const refresh = screen.getByRole('button', { name: 'Refresh progress' });
    // Not beside the main button: it sits with the list of steps, outside the question's form.
    expect(refresh.closest('form')).toBeNull();
    await user.click(refresh);
    const dialog = screen.getByRole('dialog', { name: 'Refresh your progress?' });
    expect(within(dialog).getByText('This clears all your answers and results so you can start over.')).toBeTruthy();
    // Cancel has the focus: Enter by mistake clears nothing.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('qualifier-band')).toBeTruthy();
    expectStep(TOTAL, 'Improvement');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Yes' }).checked).toBe(true);
    await user.click(stepButton(1));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /main keyword/ }).value).toBe('garlic press');
    expect(server.saved()?.rated).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Refresh progress' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, start over' }));
    await waitFor(() => expect(screen.queryByTestId('qualifier-band')).toBeNull());
    expect(document.activeElement).toBe(expectStep(1, 'Main keyword'));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /main keyword/ }).value).toBe('');
    expect(screen.getByText(`0 of ${TOTAL} answered`)).toBeTruthy();
    expect(stepButton(2).hasAttribute('disabled')).toBe(true);
    expect(server.saved()).toMatchObject({ score: 0, rated: false, sizeTier: null });
  });

  it('hides stale results when an answer changes after rating', async () => {
    qualifierServer(progressOf(allYes(12000), null, true));
    const user = userEvent.setup();
    renderApp('/product-qualifier', member());
    await screen.findByTestId('qualifier-band');
    expectStep(TOTAL, 'Improvement');
    await user.click(within(screen.getByRole('radiogroup')).getByRole('radio', { name: 'No' }));
    expect(screen.queryByTestId('qualifier-band')).toBeNull();
  });
});
