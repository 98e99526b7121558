/** The words of a search as the server matches them: letters and digits, lower-cased, at most 8. */
export function searchTerms(search: string): string[] {
  const words = search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, 8);
}

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Plain text with each word that starts with a search word marked ("suppl" marks "Suppliers"),
 * as <mark> elements: the text is never parsed as HTML.
 */
export function Highlight({ text, search }: { text: string; search: string }) {
  const words = searchTerms(search).sort((a, b) => b.length - a.length);
  if (words.length === 0) return <>{text}</>;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.map(escape).join('|')})[\\p{L}\\p{N}]*`, 'giu');
  const parts: Array<string | { mark: string }> = [];
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > at) parts.push(text.slice(at, match.index));
    parts.push({ mark: match[0] });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return (
    <>
      {parts.map((part, i) =>
        typeof part === 'string' ? (
          part
        ) : (
          <mark key={i} className="rounded-sm bg-amber-100 px-0.5 text-inherit">
            {part.mark}
          </mark>
        ),
      )}
    </>
  );
}
