import { useState } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { setupListeners } from '@reduxjs/toolkit/query';
import { Toasts } from './Toasts';
import { ErrorBoundary } from '../features/shell/ErrorBoundary';
import { PageViews } from '../features/analytics/PageViews';
import { AppRoutes } from './routes';
import { makeStore, type AppStore } from './store';

/** The renderer's store, with RTK Query's focus and reconnect listeners. */
export function createAppStore(): AppStore {
  const store = makeStore();
  setupListeners(store.dispatch);
  return store;
}

/**
 * The renderer app, shared by the web build and the Electron window. The entry passes the store
 * the first screen's requests were started on (app/firstScreen.ts); without one it makes its own.
 */
export function App({ store: started }: { store?: AppStore }) {
  const [store] = useState(() => started ?? createAppStore());
  return (
    <Provider store={store}>
      <ErrorBoundary>
        {/* Navigations render at once, not as React transitions: a control kept in the URL (a
            category checkbox, a type radio, a tab, the pager) shows its new state in the same
            event, instead of springing back until a deferred render caught up (a flicker users
            saw, and a click Playwright found unchanged). */}
        <BrowserRouter useTransitions={false}>
          <PageViews />
          <AppRoutes />
          <Toasts />
        </BrowserRouter>
      </ErrorBoundary>
    </Provider>
  );
}
