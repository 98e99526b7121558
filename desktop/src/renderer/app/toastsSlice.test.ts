import { describe, expect, it } from 'vitest';
import { TOAST_COALESCE_MS, toastAdded, toastDismissed, toastsSlice, type Toast } from './toastsSlice';

const reduce = (state: Toast[], action: Parameters<typeof toastsSlice.reducer>[1]) =>
  toastsSlice.reducer(state, action);

describe('toasts: coalescing repeats', () => {
  it('one editing session (four saves of the same toast) shows one toast counting four', () => {
    let state: Toast[] = [];
    for (let i = 0; i < 4; i++) {
      state = reduce(state, toastAdded({ kind: 'success', message: 'Card updated', at: 1_000 + i * 800 }));
    }
    expect(state).toHaveLength(1);
    expect(state[0]).toMatchObject({ message: 'Card updated', count: 4, at: 1_000 + 3 * 800 });
  });

  it('the window runs from the last repeat; after it a new toast appears', () => {
    let state = reduce([], toastAdded({ kind: 'success', message: 'Card updated', at: 0 }));
    state = reduce(state, toastAdded({ kind: 'success', message: 'Card updated', at: TOAST_COALESCE_MS - 1 }));
    expect(state).toHaveLength(1);
    state = reduce(state, toastAdded({ kind: 'success', message: 'Card updated', at: 2 * TOAST_COALESCE_MS - 1 }));
    expect(state).toHaveLength(2);
    expect(state.map((t) => t.count)).toEqual([2, 1]);
  });

  it('different messages, kinds or details stack as before', () => {
    let state: Toast[] = [];
    state = reduce(state, toastAdded({ kind: 'success', message: 'Card updated', at: 0 }));
    state = reduce(state, toastAdded({ kind: 'success', message: 'Comment added', at: 1 }));
    state = reduce(state, toastAdded({ kind: 'error', message: 'Card updated', at: 2 }));
    state = reduce(state, toastAdded({ kind: 'error', message: 'Error uploading file.', detail: 'too large', at: 3 }));
    state = reduce(
      state,
      toastAdded({ kind: 'error', message: 'Error uploading file.', detail: 'not an image', at: 4 }),
    );
    expect(state.map((t) => [t.kind, t.message, t.count])).toEqual([
      ['success', 'Comment added', 1],
      ['error', 'Card updated', 1],
      ['error', 'Error uploading file.', 1],
      ['error', 'Error uploading file.', 1],
    ]);
  });

  it('a dismissed toast is not counted again: the next repeat is a new toast', () => {
    let state = reduce([], toastAdded({ kind: 'success', message: 'Card moved', at: 0 }));
    state = reduce(state, toastDismissed(state[0]!.id));
    state = reduce(state, toastAdded({ kind: 'success', message: 'Card moved', at: 10 }));
    expect(state).toHaveLength(1);
    expect(state[0]!.count).toBe(1);
  });
});
