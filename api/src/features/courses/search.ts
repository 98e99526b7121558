/** Search terms for the course queries: ILIKE patterns (trigram indexes) and tsqueries (GIN). */

/** Words of a search: letters and digits only, lower-cased, at most 8. */
export function searchWords(term: string): string[] {
  const words = term.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, 8);
}

/**
 * A to_tsquery('english', ...) text for lesson content: every word must match; words of three
 * letters or more also match as prefixes ("suppl" finds "suppliers"). Words hold only letters and
 * digits, so the text cannot carry tsquery operators. Null when the term has no words.
 */
export function contentTsQuery(term: string): string | null {
  const words = searchWords(term);
  if (words.length === 0) return null;
  return words.map((w) => (w.length >= 3 ? `${w}:*` : w)).join(' & ');
}

/**
 * A plain-text excerpt of markdown around a match: markup dropped (HTML tags, code fences, images,
 * link targets, headings, quotes, list markers and task boxes, table rules, emphasis), cut at word
 * boundaries. The renderer shows it as text with the search words marked.
 */
export function cleanSnippet(raw: string, fromStart: boolean): string {
  let text = raw
    .replace(/<\/?[a-z!][^>]*(?:>|$)/gi, ' ')
    .replace(/```[a-z]*\n?/gi, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)?/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)?/g, '$1')
    .replace(/^[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]+/gm, '')
    .replace(/\[[ xX]\](?=\s)/g, ' ')
    .replace(/^[ \t]*\|?(?:[ \t]*:?-+:?[ \t]*\|)+[ \t]*:?-*:?[ \t]*$/gm, ' ')
    .replace(/[#>*_`|~[\]]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/ ([.,;:!?])(?=\s|$)/g, '$1')
    .trim();
  if (!fromStart) text = text.replace(/^\S*\s/, '');
  if (text.length > 160) text = text.slice(0, 160).replace(/\s\S*$/, '');
  return `${fromStart ? '' : '…'}${text}…`;
}
