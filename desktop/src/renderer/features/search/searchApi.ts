import type { SearchResponse, SearchResult } from '@shared/types';
import { api } from '../../app/api';

/** The command palette's one search (docs/areas/search.md#api): what the user may find, by kind. */
export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    search: build.query<SearchResult[], string>({
      query: (q) => `/api/search?${new URLSearchParams({ q }).toString()}`,
      transformResponse: (res: SearchResponse) => res.results,
      // A term typed again soon is answered from the cache; content changes elsewhere soon show.
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useSearchQuery } = searchApi;
