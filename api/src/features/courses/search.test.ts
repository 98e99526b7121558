import { describe, expect, it } from 'vitest';
import { cleanSnippet, contentTsQuery } from './search';

describe('cleanSnippet', () => {
  it('drops list markers and task boxes: a checklist reads as words', () => {
    expect(cleanSnippet('## Before you buy\n- [ ] Demand checked\n- [x] Competition checked\n1. Profit', true)).toBe(
      'Before you buy Demand checked Competition checked Profit…',
    );
  });

  it('drops HTML tags, images, link targets, emphasis, quotes, code fences and table rules', () => {
    const raw =
      '> **Tip:** read the [help](https://example.com/help) ![chart](/uploads/x.png) <iframe src="https://f"></iframe>\n' +
      '```form\nhttps://docs.example/form\n```\n| Step | Who |\n|------|:---:|\n| Sourcing | You |';
    expect(cleanSnippet(raw, true)).toBe('Tip: read the help https://docs.example/form Step Who Sourcing You…');
  });

  it('keeps a lone < and cuts a snippet that starts mid-text at the next word, with ellipses', () => {
    expect(cleanSnippet('price < $10 stays', true)).toBe('price < $10 stays…');
    expect(cleanSnippet('lier samples and trade assurance', false)).toBe('…samples and trade assurance…');
    expect(cleanSnippet('see [the guide](https://exa', true)).toBe('see the guide…');
  });

  it('keeps to about 160 characters, ending on a whole word', () => {
    const out = cleanSnippet('word '.repeat(60), true);
    expect(out.length).toBeLessThanOrEqual(161);
    expect(out).toMatch(/word…$/);
  });
});

describe('contentTsQuery', () => {
  it('matches every word, longer ones as prefixes', () => {
    expect(contentTsQuery('Trade assurance to')).toBe('trade:* & assurance:* & to');
    expect(contentTsQuery('!!')).toBeNull();
  });
});
