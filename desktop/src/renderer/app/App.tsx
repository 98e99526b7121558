import { useState } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { setupListeners } from '@reduxjs/toolkit/query';
import { Toasts } from './Toasts';
import { ErrorBoundary } from '../features/shell/ErrorBoundary';
import { PageViews } from '../features/analytics/PageViews';
import { AppRoutes } from './routes';
import { makeStore, type AppStore } from './store';

function createStore(): AppStore {
  const store = makeStore();
  setupListeners(store.dispatch);
  return store;
}

/** The renderer app, shared by the web build and the Electron window. */
export function App() {
  const [store] = useState(createStore);
  return (
    <Provider store={store}>
      <ErrorBoundary>
        <BrowserRouter>
          <PageViews />
          <AppRoutes />
        </BrowserRouter>
      </ErrorBoundary>
      <Toasts />
    </Provider>
  );
}
