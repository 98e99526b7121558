import { useSyncExternalStore } from 'react';

/**
 * Whether the command palette is open: one flag per window, set by the shortcut and the top bar's
 * Search buttons, read by the palette (the shell mounts it once, beside the buttons).
 */
let open = false;
const listeners = new Set<() => void>();

export function setPaletteOpen(next: boolean | ((was: boolean) => boolean)): void {
  const value = typeof next === 'function' ? next(open) : next;
  if (value === open) return;
  open = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePaletteOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
}
