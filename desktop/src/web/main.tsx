import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '../renderer/app/App';
import './styles.css';

// The desktop app may load app://portal/index.html; the router's home is '/'.
if (window.location.pathname.endsWith('/index.html')) {
  window.history.replaceState(null, '', `/${window.location.search}${window.location.hash}`);
}

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
