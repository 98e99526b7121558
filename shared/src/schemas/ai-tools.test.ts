import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AI_TOOL_CARD_MAX_TAGS } from '../limits';
import {
  aiToolLink,
  aiToolSlug,
  aiToolTagCounts,
  DEFAULT_AI_TOOLS,
  findAiTool,
  isAllowedChatUrl,
  normalizeFeed,
  normalizeFeedItem,
} from './ai-tools';

describe('aiToolSlug', () => {
  it.each([
    ['Listing Optimizer', 'listing-optimizer'],
    ['PPC Campaign Coach', 'ppc-campaign-coach'],
    ['Listing Pro: Titles & Bullets!', 'listing-pro-titles-bullets-'],
    ['  Spaced  out ', '-spaced-out-'],
    ['GPT-4o for FBA', 'gpt-4o-for-fba'],
    ['Café Crème', 'caf-cr-me'],
    ['ALLCAPS123', 'allcaps123'],
  ])('turns %j into %j', (title, slug) => {
    expect(aiToolSlug(title)).toBe(slug);
  });

  it('only ever yields lowercase letters, digits and single hyphens', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (title) => {
        const slug = aiToolSlug(title);
        expect(slug).toMatch(/^[a-z0-9-]*$/);
        expect(slug).not.toContain('--');
        expect(aiToolSlug(slug)).toBe(slug);
      }),
    );
  });

  it('links a tool to its chat page', () => {
    expect(aiToolLink('listing-optimizer')).toBe('/ai-toolkit/chat/listing-optimizer');
  });
});

describe('normalizeFeedItem', () => {
  it('accepts Keywords as objects, strings or a comma list, without duplicates', () => {
    expect(normalizeFeedItem({ title: 'A', Keywords: [{ title: 'X' }, 'Y', { title: 'x' }] })?.tags).toEqual([
      'X',
      'Y',
    ]);
    expect(normalizeFeedItem({ title: 'A', Keywords: 'One, Two ,,' })?.tags).toEqual(['One', 'Two']);
    expect(normalizeFeedItem({ title: 'A', Keywords: 42 })?.tags).toEqual([]);
  });

  it('takes New and Soon from the keywords or flags, and locks tools without an allowed chat', () => {
    const soon = normalizeFeedItem({ title: 'S', Keywords: ['Coming Soon'] })!;
    expect(soon).toMatchObject({ comingSoon: true, locked: false, tags: [] });
    const flagged = normalizeFeedItem({
      title: 'N',
      isNew: true,
      ctaBtnUrl: 'https://www.chatbase.co/chatbot-iframe/n',
    })!;
    expect(flagged).toMatchObject({ isNew: true, locked: false });
    expect(
      normalizeFeedItem({ title: 'L', locked: true, ctaBtnUrl: 'https://www.chatbase.co/chatbot-iframe/l' })?.locked,
    ).toBe(true);
    expect(normalizeFeedItem({ title: 'J', ctaBtnUrl: 'javascript:alert(1)' })).toMatchObject({
      ctaBtnUrl: null,
      locked: true,
    });
  });

  it('skips items without a title and feeds without Contents', () => {
    expect(normalizeFeedItem({ title: '   ' })).toBeNull();
    expect(normalizeFeedItem(null)).toBeNull();
    expect(normalizeFeedItem([{ title: 'x' }])).toBeNull();
    expect(normalizeFeed({ nothing: [] })).toBeNull();
    expect(normalizeFeed([{ title: 'a' }, { title: '' }])?.map((t) => t.slug)).toEqual(['a']);
    expect(normalizeFeed({ contents: [{ title: 'b' }] })?.map((t) => t.slug)).toEqual(['b']);
  });

  it('never throws and always yields a well-formed tool or null', () => {
    fc.assert(
      fc.property(fc.anything(), (item) => {
        const tool = normalizeFeedItem(item);
        if (tool) {
          expect(tool.title.length).toBeGreaterThan(0);
          expect(tool.link).toBe(aiToolLink(tool.slug));
          expect(tool.chatbaseUrl === null || isAllowedChatUrl(tool.chatbaseUrl)).toBe(true);
        }
      }),
    );
  });
});

describe('chat URLs and tag chips', () => {
  it('allows https chat URLs on the chat origins only', () => {
    expect(isAllowedChatUrl('https://www.chatbase.co/chatbot-iframe/abc')).toBe(true);
    expect(isAllowedChatUrl('http://www.chatbase.co/chatbot-iframe/abc')).toBe(false);
    expect(isAllowedChatUrl('https://www.chatbase.co.evil.io/x')).toBe(false);
    expect(isAllowedChatUrl('https://www.chatbase.co@evil.io/x')).toBe(false);
    expect(isAllowedChatUrl('https://www.chatbase.co:8443/x')).toBe(false);
  });

  it("counts tools per tag: 'All Tools' first, then tags sorted case-insensitively", () => {
    const tools = normalizeFeed([
      { title: 'a', Keywords: ['beta', 'Alpha'] },
      { title: 'b', Keywords: ['alpha2', 'beta'] },
      { title: 'c', Keywords: [] },
    ])!;
    expect(aiToolTagCounts(tools)).toEqual([
      { tag: null, label: 'All Tools', count: 3 },
      { tag: 'Alpha', label: 'Alpha', count: 1 },
      { tag: 'alpha2', label: 'alpha2', count: 1 },
      { tag: 'beta', label: 'beta', count: 2 },
    ]);
  });

  it('finds the first tool with a slug', () => {
    const tools = normalizeFeed([{ title: 'Same' }, { title: 'same!' }, { title: 'Other' }])!;
    expect(findAiTool(tools, 'same')?.title).toBe('Same');
    expect(findAiTool(tools, 'missing')).toBeUndefined();
    expect(findAiTool(tools, undefined)).toBeUndefined();
  });

  it('ships a default list with unique slugs, usable chats and at most a few tags each', () => {
    expect(DEFAULT_AI_TOOLS.length).toBeGreaterThan(3);
    expect(new Set(DEFAULT_AI_TOOLS.map((t) => t.slug)).size).toBe(DEFAULT_AI_TOOLS.length);
    for (const tool of DEFAULT_AI_TOOLS) {
      expect(tool.comingSoon || tool.chatbaseUrl !== null).toBe(true);
      expect(tool.tags.length).toBeLessThanOrEqual(AI_TOOL_CARD_MAX_TAGS);
    }
  });
});
