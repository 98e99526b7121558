// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AI_ASSISTANT_TITLE, DEFAULT_AI_CHAT_URL } from '@shared/content/ai-tools';
import { MESSAGES } from '@shared/messages';
import { DEFAULT_AI_TOOLS, normalizeFeed } from '@shared/schemas/ai-tools';
import type { AiToolsResponse } from '@shared/types';
import { makeUser } from '../../test/fixtures';
import { mockFetch, renderApp } from '../../test/render';
import { AI_TOOLS_STORAGE_KEY } from './aiToolsApi';

beforeEach(() => window.sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const chat = (bot: string) => `https://www.chatbase.co/chatbot-iframe/${bot}`;
const TOOLS = normalizeFeed([
  {
    title: 'Listing Writer',
    ctaBtnUrl: chat('lw'),
    Keywords: ['Listings', 'Copy', 'Extra', 'New'],
    descriptionPlain: 'Writes.',
  },
  { title: 'Ad Coach', ctaBtnUrl: chat('ad'), Keywords: ['Ads'] },
  { title: 'Copy Doctor', ctaBtnUrl: chat('cd'), Keywords: ['Copy'] },
  { title: 'Future Thing', Keywords: ['Soon', 'Ads'] },
  { title: 'Locked Thing', ctaBtnUrl: 'https://elsewhere.example/chat', Keywords: ['Ads'] },
])!;
const LIST: AiToolsResponse = { tools: TOOLS, source: 'feed', fetchedAt: '2026-01-01T00:00:00.000Z' };

const member = () => makeUser({ role: 'premium', Tags: [{ id: 1, name: 'aitoolkit' }] });

function toolsServer(answer: () => { status?: number; body: unknown } = () => ({ body: LIST })) {
  return mockFetch(({ path }) => (path === '/api/ai-tools' ? answer() : undefined));
}

describe('AI Toolkit', () => {
  it('shows the heading, intro video, chips with counts and the cards with at most 2 tags', async () => {
    toolsServer();
    renderApp('/ai-toolkit', member());
    expect(await screen.findByRole('heading', { name: 'AI Toolkit', level: 1 })).toBeTruthy();
    expect(screen.getByTitle('AI Toolkit introduction')).toBeTruthy();
    const chips = await screen.findByRole('group', { name: 'Filter tools by tag' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All Tools5', 'Ads3', 'Copy2', 'Extra1', 'Listings1']);
    const card = screen.getByRole('listitem', { name: 'Listing Writer' });
    expect(
      within(within(card).getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((l) => l.textContent),
    ).toEqual(['Listings', 'Copy']);
    expect(within(card).getByText('New')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Chat with Listing Writer' }).getAttribute('href')).toBe(
      '/ai-toolkit/chat/listing-writer',
    );
    expect(screen.getByRole('link', { name: /Book a free 1-on-1 session/ })).toBeTruthy();
  });

  it('makes coming-soon and locked cards inert', async () => {
    toolsServer();
    renderApp('/ai-toolkit', member());
    const soon = await screen.findByRole('listitem', { name: 'Future Thing' });
    expect(within(soon).getByText('Soon')).toBeTruthy();
    expect(within(soon).getByRole<HTMLButtonElement>('button', { name: 'Coming soon' }).disabled).toBe(true);
    expect(within(soon).queryByRole('link')).toBeNull();
    const locked = screen.getByRole('listitem', { name: 'Locked Thing' });
    expect(within(locked).getByRole<HTMLButtonElement>('button', { name: 'Locked' }).disabled).toBe(true);
  });

  it('filters the cards by tag chip and back to All Tools', async () => {
    toolsServer();
    const user = userEvent.setup();
    renderApp('/ai-toolkit', member());
    await user.click(await screen.findByRole('button', { name: /^Copy/ }));
    const grid = screen.getByRole('list', { name: 'AI tools' });
    expect(
      within(grid)
        .getAllByTestId('ai-tool-card')
        .map((c) => c.getAttribute('aria-label')),
    ).toEqual(['Listing Writer', 'Copy Doctor']);
    expect(screen.getByRole('button', { name: /^Copy/ }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: /^All Tools/ }));
    expect(within(grid).getAllByTestId('ai-tool-card')).toHaveLength(5);
  });

  it('caches the list in session storage: a second visit makes no request', async () => {
    const calls = toolsServer();
    const u = member();
    renderApp('/ai-toolkit', u);
    expect(await screen.findByRole('listitem', { name: 'Ad Coach' })).toBeTruthy();
    expect(JSON.parse(window.sessionStorage.getItem(`${AI_TOOLS_STORAGE_KEY}:${u.id}`)!).tools).toHaveLength(5);
    cleanup();
    renderApp('/ai-toolkit', u);
    expect(await screen.findByRole('listitem', { name: 'Ad Coach' })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/ai-tools')).toHaveLength(1);
  });

  it("shows '{message}. Using default tools instead.' and the default tools when the load fails", async () => {
    toolsServer(() => ({
      status: 502,
      body: { error: { code: 'feed_unavailable', message: MESSAGES.aiToolsFetchFailed } },
    }));
    renderApp('/ai-toolkit', member());
    expect(await screen.findByText('Failed to fetch AI tools. Using default tools instead.')).toBeTruthy();
    expect(screen.getAllByTestId('ai-tool-card')).toHaveLength(DEFAULT_AI_TOOLS.length);
    expect(window.sessionStorage.length).toBe(0);
  });

  it('uses the same fallback wording when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderApp('/ai-toolkit', member());
    expect(await screen.findByText('Failed to fetch AI tools. Using default tools instead.')).toBeTruthy();
  });
});

describe('AI tool chat page', () => {
  it('shows breadcrumb, back button and the chat frame of the tool chosen by slug', async () => {
    toolsServer();
    const user = userEvent.setup();
    renderApp('/ai-toolkit/chat/ad-coach', member());
    expect(await screen.findByRole('heading', { name: 'Ad Coach' })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'AI Toolkit' }).getAttribute('href')).toBe('/ai-toolkit');
    expect(screen.getByTitle('Ad Coach chat').getAttribute('src')).toBe(chat('ad'));
    await user.click(screen.getByRole('button', { name: '← Back' }));
    expect(screen.getByTestId('location').textContent).toBe('/ai-toolkit');
  });

  it("falls back to 'AI Assistant' and the default frame for /ai-toolkit-chat and unknown slugs", async () => {
    toolsServer();
    renderApp('/ai-toolkit/chat/nope', member());
    expect(await screen.findByRole('heading', { name: AI_ASSISTANT_TITLE })).toBeTruthy();
    expect(screen.getByTitle(`${AI_ASSISTANT_TITLE} chat`).getAttribute('src')).toBe(DEFAULT_AI_CHAT_URL);
    cleanup();
    renderApp('/ai-toolkit-chat', member());
    expect(await screen.findByRole('heading', { name: AI_ASSISTANT_TITLE })).toBeTruthy();
  });

  it('shows no frame for a coming-soon or locked tool', async () => {
    toolsServer();
    renderApp('/ai-toolkit/chat/future-thing', member());
    expect(await screen.findByText('This tool is coming soon.')).toBeTruthy();
    expect(document.querySelector('iframe[title$=" chat"]')).toBeNull();
  });
});

describe('raina chat widget', () => {
  const widgetServer = () =>
    mockFetch(({ path }) => {
      if (path === '/api/ai-tools') return { body: LIST };
      if (path === '/api/ai-tools/chat-widget')
        return { body: { widget: { url: chat('raina'), title: 'Chat with Raina' } } };
      return undefined;
    });

  it('loads for a member tagged raina and opens as a frame from the button', async () => {
    const calls = widgetServer();
    const user = userEvent.setup();
    renderApp(
      '/ai-toolkit',
      makeUser({
        role: 'basic',
        Tags: [
          { id: 1, name: 'aitoolkit' },
          { id: 2, name: 'raina' },
        ],
      }),
    );
    const open = await screen.findByRole('button', { name: 'Chat with Raina' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    await user.click(open);
    expect(screen.getByTitle('Chat with Raina').getAttribute('src')).toBe(chat('raina'));
    await user.keyboard('{Escape}');
    expect(screen.queryByTitle('Chat with Raina')).toBeNull();
    expect(calls.filter((c) => c.path === '/api/ai-tools/chat-widget')).toHaveLength(1);
  });

  it('is neither requested nor shown for a coach without the raina tag', async () => {
    const calls = widgetServer();
    renderApp('/ai-toolkit', makeUser({ role: 'coach' }));
    expect(await screen.findByRole('listitem', { name: 'Ad Coach' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Chat with Raina' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/ai-tools/chat-widget')).toBe(false);
  });
});
