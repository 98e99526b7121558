import { fileURLToPath } from 'node:url';
import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const webRoot = fileURLToPath(new URL('./src/web', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));
const sharedSrc = fileURLToPath(new URL('../shared/src', import.meta.url));

const apiTarget = process.env.PORTAL_API_URL ?? 'http://localhost:4000';

/**
 * Dev/preview proxy to the API. The API refuses state changes from origins it does not know
 * (CSRF guard), so the proxy presents the API's own origin instead of the dev server's.
 */
const proxyToApi: ProxyOptions = {
  target: apiTarget,
  changeOrigin: true,
  configure: (proxy) => {
    proxy.on('proxyReq', (proxyReq) => {
      if (proxyReq.getHeader('origin')) proxyReq.setHeader('origin', new URL(apiTarget).origin);
    });
  },
};
const proxy = { '/api': proxyToApi, '/uploads': proxyToApi };

/**
 * Renderer build shared by the web app and the Electron app.
 *
 * base is '/' (absolute asset URLs): the app uses BrowserRouter, so deep links such as
 * /reset-password/abc must still find /assets/*. Electron loads the same build from the
 * standard, secure custom scheme app://portal/, where '/assets/x.js' resolves to
 * app://portal/assets/x.js. A relative base ('./') would break every nested route.
 */
export default defineConfig({
  root: webRoot,
  base: '/',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@shared': sharedSrc },
  },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
  },
  server: {
    port: 5173,
    fs: { allow: [repoRoot] },
    proxy,
  },
  preview: { proxy },
});
