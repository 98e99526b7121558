import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: string;
  kind: ToastKind;
  message: string;
  /** Optional second line, e.g. the server's reason under 'Error uploading file.' */
  detail?: string;
}

/** At most this many toasts are kept; older ones drop off. */
const MAX_TOASTS = 4;

export const toastsSlice = createSlice({
  name: 'toasts',
  initialState: [] as Toast[],
  reducers: {
    toastAdded: {
      reducer(state, action: PayloadAction<Toast>) {
        state.push(action.payload);
        if (state.length > MAX_TOASTS) state.splice(0, state.length - MAX_TOASTS);
      },
      prepare(toast: Omit<Toast, 'id'>) {
        return { payload: { ...toast, id: nanoid() } };
      },
    },
    toastDismissed(state, action: PayloadAction<string>) {
      return state.filter((t) => t.id !== action.payload);
    },
  },
});

export const { toastAdded, toastDismissed } = toastsSlice.actions;
