import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppStore } from '../renderer/app/App';
import { startFirstScreen } from '../renderer/app/firstScreen';
import '@fontsource-variable/inter';
import './styles.css';

// The desktop app may load app://portal/index.html; the router's home is '/'.
if (window.location.pathname.endsWith('/index.html')) {
  window.history.replaceState(null, '', `/${window.location.search}${window.location.hash}`);
}

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// The session check, and on a board route the board read and its screen's chunk, start now, side
// by side, instead of one after another once the router renders (docs/architecture.md#renderer).
const store = createAppStore();
startFirstScreen(store, window.location.pathname);

createRoot(container).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);
