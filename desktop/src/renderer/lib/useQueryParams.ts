import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/** Query parameter changes: a value sets the key, a list repeats it, null or '' removes it. */
export type QueryChanges = Readonly<Record<string, string | readonly string[] | null>>;

/** A copy of `params` with `changes` applied (the other keys kept as they are). */
export function withQueryChanges(params: URLSearchParams, changes: QueryChanges): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    next.delete(key);
    if (typeof value === 'string') {
      if (value) next.set(key, value);
    } else if (value) {
      for (const v of value) next.append(key, v);
    }
  }
  return next;
}

/**
 * The address's query parameters and the one way the screens change them (filters, tabs, the
 * open card or resource): `update(changes, { replace })` keeps every other parameter.
 */
export function useQueryParams() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: QueryChanges, options?: { replace?: boolean }) =>
      setParams((prev) => withQueryChanges(prev, changes), options),
    [setParams],
  );
  return [params, update] as const;
}
