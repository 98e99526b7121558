/**
 * main.ts as a packaged build (app.isPackaged true) against a stand-in of the electron module:
 * the window gets no developer tools, and every web contents gets the frame and redirect guards.
 */
import { describe, expect, it, vi } from 'vitest';

const h = vi.hoisted(() => {
  let readyResolve: () => void = () => undefined;
  const ready = new Promise<void>((r) => (readyResolve = r));
  const windows: Array<{ options: { webPreferences?: { devTools?: boolean } } }> = [];
  const appListeners = new Map<string, (...args: unknown[]) => void>();
  class BrowserWindow {
    static getAllWindows = () => windows;
    static getFocusedWindow = () => null;
    constructor(readonly options: { webPreferences?: { devTools?: boolean } }) {
      windows.push(this);
    }
    once() {}
    on() {}
    loadURL() {
      return Promise.resolve();
    }
  }
  const electron = {
    app: {
      isPackaged: true,
      requestSingleInstanceLock: () => true,
      on: (name: string, fn: (...args: unknown[]) => void) => appListeners.set(name, fn),
      whenReady: () => ready,
      quit: vi.fn(),
      getPath: () => '/home/u/Downloads',
    },
    BrowserWindow,
    dialog: { showOpenDialog: vi.fn(), showSaveDialog: vi.fn() },
    ipcMain: { handle: vi.fn() },
    Menu: { setApplicationMenu: vi.fn(), buildFromTemplate: vi.fn((t: unknown) => t) },
    protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
    session: {
      defaultSession: { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn(), fetch: vi.fn() },
    },
    shell: { openExternal: vi.fn() },
  };
  return { electron, windows, appListeners, ready: () => readyResolve() };
});
vi.mock('electron', () => h.electron);

describe('packaged build', () => {
  it('opens its window with devTools false', async () => {
    await import('./main');
    h.ready();
    await vi.waitFor(() => expect(h.windows).toHaveLength(1));
    expect(h.windows[0]!.options.webPreferences?.devTools).toBe(false);
  });

  it('a redirect of the window to another site is stopped', async () => {
    await import('./main');
    const listeners = new Map<string, (event: unknown) => void>();
    const contents = {
      on: (name: string, fn: (event: unknown) => void) => listeners.set(name, fn),
      setWindowOpenHandler: vi.fn(),
    };
    h.appListeners.get('web-contents-created')!({}, contents);
    const event = { url: 'https://evil.example/', isMainFrame: true, preventDefault: vi.fn() };
    listeners.get('will-redirect')!(event);
    expect(event.preventDefault).toHaveBeenCalled();
    const frame = { url: 'https://evil.example/', isMainFrame: false, preventDefault: vi.fn() };
    listeners.get('will-frame-navigate')!(frame);
    expect(frame.preventDefault).toHaveBeenCalled();
  });
});
