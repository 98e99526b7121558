/** What the command palette finds (docs/areas/search.md), in the order it groups them. */
export const SEARCH_RESULT_KINDS = ['course', 'lesson', 'resource', 'product', 'card', 'member'] as const;
export type SearchResultKind = (typeof SEARCH_RESULT_KINDS)[number];

/** One result of GET /api/search: `path` is the renderer route that opens it. */
export interface SearchResult {
  kind: SearchResultKind;
  id: number;
  title: string;
  subtitle?: string;
  path: string;
}

export interface SearchResponse {
  results: SearchResult[];
}
