// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/messages';
import type { Playbook, RecurringCard } from '@shared/types';
import { makeUser } from '../../test/fixtures';
import { mockFetch, renderApp } from '../../test/render';
import { recurrenceText } from './Plans';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NOW = '2026-12-01T00:00:00.000Z';

/** A fake server for /plans: recurring cards and playbooks kept in memory. */
function plansServer(initial: { recurring?: RecurringCard[]; playbooks?: Playbook[] } = {}) {
  let recurring = initial.recurring ?? [];
  let playbooks = initial.playbooks ?? [];
  let next = 100;
  const calls = mockFetch(({ method, path, body }) => {
    if (path === '/api/move-the-needle/recurring/read-many') return { body: { recurring } };
    if (path === '/api/move-the-needle/recurring/upsert') {
      const b = body as Partial<RecurringCard>;
      const rule: RecurringCard = {
        id: next++,
        description: '',
        checklist: [],
        weekday: null,
        dayOfMonth: null,
        dueAfterDays: 0,
        userIds: [],
        tagIds: [],
        createdBy: null,
        createdAt: NOW,
        updatedAt: NOW,
        title: '',
        every: 'week',
        ...b,
      };
      recurring = [...recurring, rule];
      return { body: { recurring: rule, isNew: true } };
    }
    if (path === '/api/playbooks/read-many') return { body: { playbooks } };
    if (path === '/api/playbooks/upsert') {
      const b = body as Partial<Playbook>;
      const p: Playbook = {
        id: next++,
        description: '',
        launch: false,
        createdBy: null,
        createdAt: NOW,
        updatedAt: NOW,
        name: '',
        cards: [],
        ...b,
      };
      playbooks = [...playbooks, p];
      return { body: { playbook: p, isNew: true } };
    }
    if (path === '/api/playbooks/apply' && method === 'POST') return { body: { applied: 2, skipped: 1 } };
    if (path === '/api/playbooks/members')
      return {
        body: {
          members: [
            { id: 7, fullName: 'Mia Member', email: 'mia@example.test' },
            { id: 8, fullName: 'Otto Other', email: 'otto@example.test' },
          ],
        },
      };
    if (path === '/api/tag/read-many') return { body: [] };
    return undefined;
  });
  return calls;
}

describe('recurrenceText', () => {
  it('says when the card comes and when it is due', () => {
    expect(recurrenceText({ every: 'week', weekday: 1, dayOfMonth: null, dueAfterDays: 2 })).toBe(
      'Every Monday, due 2 days later',
    );
    expect(recurrenceText({ every: 'month', weekday: null, dayOfMonth: 5, dueAfterDays: 0 })).toBe(
      'Every month on day 5, due the same day',
    );
  });
});

describe('/plans', () => {
  it('a member keeps a weekly check-in for their own board; no playbooks', async () => {
    const calls = plansServer();
    renderApp('/plans', makeUser({ role: 'premium', createdAt: '2024-06-01T00:00:00Z' }));
    expect(await screen.findByText(MESSAGES.recurringEmpty)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: MESSAGES.playbooksTitle })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New recurring card' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save recurring card' }));
    expect(await within(dialog).findByText(MESSAGES.fieldRequired)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Title'), 'Weekly check-in');
    await user.type(within(dialog).getByLabelText('Checklist'), 'Numbers{enter}Next step');
    await user.selectOptions(within(dialog).getByLabelText('On'), '5');
    await user.clear(within(dialog).getByLabelText('Due after (days)'));
    await user.type(within(dialog).getByLabelText('Due after (days)'), '2');
    expect(within(dialog).queryByText('Members')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save recurring card' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.find((c) => c.path === '/api/move-the-needle/recurring/upsert')!;
    expect(post.body).toEqual({
      title: 'Weekly check-in',
      description: '',
      checklist: ['Numbers', 'Next step'],
      every: 'week',
      weekday: 5,
      dueAfterDays: 2,
    });
    expect(await screen.findByText('Every Friday, due 2 days later')).toBeTruthy();
  });

  it('a coach writes a playbook and applies it to two members from a start day', async () => {
    const calls = plansServer();
    renderApp('/plans', makeUser({ role: 'coach' }));
    expect(await screen.findByText(MESSAGES.playbooksEmpty)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New playbook' }));
    let dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'Launch plan');
    await user.type(within(dialog).getByLabelText('Card title'), 'Order samples');
    await user.type(within(dialog).getByLabelText('Labels (commas)'), 'Launch, Suppliers');
    await user.type(within(dialog).getByLabelText('Due after start (days)'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Add a card' }));
    await user.type(within(dialog).getAllByLabelText('Card title')[1]!, 'Photos');
    await user.click(within(dialog).getByRole('button', { name: 'Save playbook' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const saved = calls.find((c) => c.path === '/api/playbooks/upsert')!.body as { cards: unknown[] };
    expect(saved.cards).toEqual([
      { title: 'Order samples', description: '', checklist: [], labels: ['Launch', 'Suppliers'], dueInDays: 3 },
      { title: 'Photos', description: '', checklist: [], labels: [] },
    ]);

    await user.click(await screen.findByRole('button', { name: 'Apply Launch plan' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Apply playbook' }));
    expect(within(dialog).getByText(MESSAGES.playbookMembersRequired)).toBeTruthy();
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Mia Member' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Otto Other' }));
    const start = within(dialog).getByLabelText('Start day');
    await user.clear(start);
    await user.type(start, '2027-01-04');
    await user.click(within(dialog).getByRole('button', { name: 'Apply playbook' }));
    expect(await within(dialog).findByText('Added to 2 boards; 1 skipped')).toBeTruthy();
    const applied = calls.find((c) => c.path === '/api/playbooks/apply')!.body as Record<string, unknown>;
    expect(applied).toMatchObject({ userIds: [7, 8], tagIds: [], startOn: '2027-01-04' });
    expect(String(applied.key)).toMatch(/^apply:\d+:/);
  });
});
