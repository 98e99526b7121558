import * as yup from 'yup';
import { MESSAGES } from '../messages';

/** The command palette's search (docs/areas/search.md#limits). */
export const SEARCH_LIMITS = {
  /** The longest term, after trimming. */
  termMax: 100,
  /** Results of one kind (courses, lessons, ...). */
  perKind: 5,
  /** Results of one search, every kind together. */
  total: 20,
  /** How long the palette waits after the last key before it asks the server. */
  debounceMs: 150,
} as const;

/** GET /api/search?q=: the term, trimmed, 1 to 100 characters. */
export const searchQuerySchema = yup.object({
  q: yup.string().trim().required(MESSAGES.searchTermRequired).max(SEARCH_LIMITS.termMax, MESSAGES.searchTermTooLong),
});
export type SearchQuery = yup.InferType<typeof searchQuerySchema>;
