import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a named export: one chunk per route. With `loaded`, a chunk that is already in
 * (loaded ahead by app/firstScreen.ts) is handed to React at once, through a thenable that answers
 * synchronously: the route then renders without suspending, so without the Suspense fallback and
 * the 300 ms React waits before it replaces a fallback it has just shown.
 */
export function lazyNamed<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
  loaded?: () => M | undefined,
) {
  return lazy(() => {
    const ready = loaded?.();
    if (ready) {
      const module = { default: ready[name] as ComponentType };
      // React.lazy calls then() and reads the module at once when it answered synchronously.
      const now = { then: (resolve: (value: typeof module) => void) => resolve(module) };
      return now as unknown as Promise<typeof module>;
    }
    return load().then((module) => ({ default: module[name] as ComponentType }));
  });
}
