// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fillMessage, MESSAGES } from '@shared/messages';
import type { SearchResult } from '@shared/types';
import { makeUser } from '../../test/fixtures';
import { mockFetch, renderApp, type MockResponse } from '../../test/render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const RESULTS: SearchResult[] = [
  { kind: 'course', id: 1, title: 'Amazon FBA Foundations', path: '/courses/amazon-fba' },
  {
    kind: 'lesson',
    id: 7,
    title: 'Finding suppliers',
    subtitle: 'Amazon FBA Foundations · Sourcing',
    path: '/courses/amazon-fba/3/7',
  },
  {
    kind: 'product',
    id: 4,
    title: 'Bamboo board',
    subtitle: 'Power Profit Tool',
    path: '/profit-calculator?product=4',
  },
];

/** A stand-in server whose search answers with `answer(q)`; the calls it got. */
function server(answer: (q: string) => MockResponse = () => ({ body: { results: RESULTS } })) {
  return mockFetch(({ path, search }) => (path === '/api/search' ? answer(search.get('q') ?? '') : undefined));
}

const palette = () => screen.getByRole('dialog', { name: 'Search' });
const combobox = () => within(palette()).getByRole('combobox');
const optionNames = () =>
  within(palette())
    .queryAllByRole('option')
    .map((o) => o.textContent);
const searchCalls = (calls: ReturnType<typeof mockFetch>) => calls.filter((c) => c.path === '/api/search');

describe('CommandPalette', () => {
  it('opens with Ctrl+K, lists the screens of the user’s sidebar and filters them as one types', async () => {
    server();
    const user = userEvent.setup();
    renderApp('/profile', makeUser({ role: 'basic' }));
    await screen.findAllByRole('button', { name: 'Search' });
    await user.keyboard('{Control>}k{/Control}');
    const input = combobox();
    expect(document.activeElement).toBe(input);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const listbox = within(palette()).getByRole('listbox');
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    expect(within(listbox).getByRole('group', { name: 'Screens' })).toBeTruthy();
    // The basic member's sidebar: no admin screens.
    expect(optionNames()).toContain('Courses');
    expect(optionNames()).toContain('Product Qualifier Tool');
    expect(optionNames()).not.toContain('User Dashboard');
    expect(optionNames()).not.toContain('Support'); // external links stay in the sidebar
    await user.type(input, 'QUALI');
    expect(within(palette()).getAllByRole('option')[0]?.textContent).toBe('Product Qualifier Tool');
    expect(within(palette()).queryByRole('option', { name: 'Courses' })).toBeNull();
  });

  it('shows the server’s results by kind after a short pause, asking once for what was typed', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const calls = server(() => ({ body: { results: RESULTS }, wait: held }));
    const user = userEvent.setup();
    renderApp('/profile', makeUser({ role: 'premium' }));
    await user.click((await screen.findAllByRole('button', { name: 'Search' }))[0]!);
    await user.type(combobox(), 'amazon');
    expect(await within(palette()).findByText(MESSAGES.searchSearching)).toBeTruthy();
    release();
    expect(await within(palette()).findByRole('option', { name: /Finding suppliers/ })).toBeTruthy();
    expect(within(palette()).getByRole('group', { name: 'Courses' })).toBeTruthy();
    expect(within(palette()).getByRole('group', { name: 'Lessons' })).toBeTruthy();
    expect(within(palette()).getByRole('group', { name: 'Products' })).toBeTruthy();
    expect(within(palette()).getByText('Amazon FBA Foundations · Sourcing')).toBeTruthy();
    expect(searchCalls(calls).map((c) => c.search.get('q'))).toEqual(['amazon']);
  });

  it('moves the active option with the arrows and opens it with Enter', async () => {
    server();
    const user = userEvent.setup();
    renderApp('/profile', makeUser({ role: 'premium' }));
    await screen.findAllByRole('button', { name: 'Search' });
    await user.keyboard('{Control>}k{/Control}');
    const input = combobox();
    await user.type(input, 'suppliers');
    await within(palette()).findByRole('option', { name: /Finding suppliers/ });
    // No screen matches: the first option is the course, then the lesson.
    const active = () => document.getElementById(input.getAttribute('aria-activedescendant') ?? '');
    expect(active()?.textContent).toContain('Amazon FBA Foundations');
    expect(active()?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}');
    expect(active()?.textContent).toContain('Finding suppliers');
    await user.keyboard('{ArrowDown}{ArrowDown}'); // product, then round to the course
    expect(active()?.textContent).toContain('Amazon FBA Foundations');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(active()?.textContent).toContain('Finding suppliers');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/courses/amazon-fba/3/7'));
    expect(screen.queryByRole('dialog', { name: 'Search' })).toBeNull();
  });

  it('closes with Escape and gives focus back to the Search button', async () => {
    server();
    const user = userEvent.setup();
    renderApp('/profile', makeUser({ role: 'coach' }));
    const button = (await screen.findAllByRole('button', { name: 'Search' }))[0]!;
    expect(button.getAttribute('aria-keyshortcuts')).toBe('Control+K Meta+K');
    await user.click(button);
    expect(palette()).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Search' })).toBeNull();
    expect(document.activeElement).toBe(button);
    // Cmd+K opens it too, and the term starts afresh.
    await user.keyboard('{Meta>}k{/Meta}');
    expect((combobox() as HTMLInputElement).value).toBe('');
    await user.keyboard('{Meta>}k{/Meta}');
    expect(screen.queryByRole('dialog', { name: 'Search' })).toBeNull();
  });

  it('says when nothing matches, and when the search fails, with a retry', async () => {
    let fail = true;
    const calls = server((q) =>
      q === 'zzz'
        ? { body: { results: [] } }
        : fail
          ? { status: 500, body: { error: { code: 'internal', message: 'x' } } }
          : { body: { results: RESULTS } },
    );
    const user = userEvent.setup();
    renderApp('/profile', makeUser({ role: 'premium' }));
    await screen.findAllByRole('button', { name: 'Search' });
    await user.keyboard('{Control>}k{/Control}');
    await user.type(combobox(), 'zzz');
    expect(await within(palette()).findByText(fillMessage(MESSAGES.searchNoResults, { term: 'zzz' }))).toBeTruthy();
    expect(combobox().getAttribute('aria-expanded')).toBe('false');

    await user.clear(combobox());
    await user.type(combobox(), 'amazon');
    expect(await within(palette()).findByText(MESSAGES.searchFailed)).toBeTruthy();
    fail = false;
    await user.click(within(palette()).getByRole('button', { name: 'Try again' }));
    expect(await within(palette()).findByRole('option', { name: /Finding suppliers/ })).toBeTruthy();
    expect(within(palette()).queryByText(MESSAGES.searchFailed)).toBeNull();
    expect(searchCalls(calls).filter((c) => c.search.get('q') === 'amazon')).toHaveLength(2);
  });
});
