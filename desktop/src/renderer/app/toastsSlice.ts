import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: string;
  kind: ToastKind;
  message: string;
  /** Optional second line, e.g. the server's reason under 'Error uploading file.' */
  detail?: string;
  /** A next step the toast offers, as a link to a screen ("Share as a win" after a card is completed). */
  action?: { label: string; to: string };
  /** How many times this toast was raised within the coalescing window (1 for a single one). */
  count: number;
  /** When it was last raised (ms since the epoch). */
  at: number;
}

/** At most this many toasts are kept; older ones drop off. */
const MAX_TOASTS = 4;

/**
 * The same toast (kind, message and detail) raised again within this many ms of its last showing
 * is not stacked: the toast on screen counts it ("×3") and its timer starts again. One editing
 * session (a card's title, description and checklist saved one after the other) so shows one
 * "Card updated" toast instead of four.
 */
export const TOAST_COALESCE_MS = 5000;

const sameToast = (a: Pick<Toast, 'kind' | 'message' | 'detail'>, b: Pick<Toast, 'kind' | 'message' | 'detail'>) =>
  a.kind === b.kind && a.message === b.message && (a.detail ?? '') === (b.detail ?? '');

export const toastsSlice = createSlice({
  name: 'toasts',
  initialState: [] as Toast[],
  reducers: {
    toastAdded: {
      reducer(state, action: PayloadAction<Toast>) {
        const next = action.payload;
        const repeat = state.find((t) => sameToast(t, next) && next.at - t.at < TOAST_COALESCE_MS);
        if (repeat) {
          repeat.count += 1;
          repeat.at = next.at;
          return;
        }
        state.push(next);
        if (state.length > MAX_TOASTS) state.splice(0, state.length - MAX_TOASTS);
      },
      prepare(toast: Omit<Toast, 'id' | 'count' | 'at'> & { at?: number }) {
        return { payload: { ...toast, id: nanoid(), count: 1, at: toast.at ?? Date.now() } };
      },
    },
    toastDismissed(state, action: PayloadAction<string>) {
      return state.filter((t) => t.id !== action.payload);
    },
  },
});

export const { toastAdded, toastDismissed } = toastsSlice.actions;
