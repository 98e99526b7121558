import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { api } from './api';
import { toastsSlice } from './toastsSlice';
import { authSlice } from '../features/auth/authSlice';
import { createAppListenerMiddleware } from './listeners';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [authSlice.name]: authSlice.reducer,
  [toastsSlice.name]: toastsSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** Builds the renderer store; tests pass a preloaded auth state. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const listener = createAppListenerMiddleware();
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
