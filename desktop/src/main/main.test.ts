/**
 * main.ts wired against a stand-in of the electron module: what it registers, in which order,
 * and with which options. (The Electron binary cannot run here; see README "Desktop".)
 */
import { describe, expect, it, vi } from 'vitest';
import { APP_SCHEME, IPC_CHANNELS } from '../shared-ipc/contract';
import { secureWebPreferences } from './security';

const h = vi.hoisted(() => {
  const calls: string[] = [];
  const appListeners = new Map<string, (...args: unknown[]) => void>();
  let readyResolve: () => void = () => undefined;
  const ready = new Promise<void>((r) => (readyResolve = r));
  const windows: Array<{ options: Record<string, unknown>; url?: string }> = [];
  class BrowserWindow {
    static getAllWindows = () => windows;
    static getFocusedWindow = () => null;
    options: Record<string, unknown>;
    constructor(options: Record<string, unknown>) {
      this.options = options;
      windows.push(this);
      calls.push('new BrowserWindow');
    }
    once() {}
    on() {}
    loadURL(url: string) {
      (this as { url?: string }).url = url;
      return Promise.resolve();
    }
  }
  const ipcChannels: string[] = [];
  const session = {
    defaultSession: {
      setPermissionRequestHandler: vi.fn(() => calls.push('permission request handler')),
      setPermissionCheckHandler: vi.fn(),
      fetch: vi.fn(),
    },
  };
  const electron = {
    app: {
      isPackaged: false,
      requestSingleInstanceLock: vi.fn(() => {
        calls.push('single instance lock');
        return true;
      }),
      on: (name: string, fn: (...args: unknown[]) => void) => appListeners.set(name, fn),
      whenReady: () => ready,
      quit: vi.fn(),
      getPath: () => '/home/u/Downloads',
    },
    BrowserWindow,
    dialog: { showOpenDialog: vi.fn(), showSaveDialog: vi.fn() },
    ipcMain: { handle: vi.fn((channel: string) => ipcChannels.push(channel)) },
    Menu: { setApplicationMenu: vi.fn(), buildFromTemplate: vi.fn((t: unknown) => t) },
    protocol: {
      registerSchemesAsPrivileged: vi.fn(() => calls.push('register scheme')),
      handle: vi.fn(() => calls.push('protocol.handle')),
    },
    session,
    shell: { openExternal: vi.fn() },
    Notification: { isSupported: vi.fn(() => true) },
  };
  return { calls, appListeners, windows, ipcChannels, electron, ready: () => readyResolve() };
});
vi.mock('electron', () => h.electron);

describe('main process wiring', () => {
  it('registers app:// as privileged at load, before the app is ready', async () => {
    await import('./main');
    expect(h.calls[0]).toBe('register scheme');
    expect(h.electron.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      expect.objectContaining({
        scheme: APP_SCHEME,
        privileges: expect.objectContaining({ standard: true, secure: true }),
      }),
    ]);
    expect(h.electron.app.requestSingleInstanceLock).toHaveBeenCalled();
    expect(h.windows).toHaveLength(0);
  });

  it('guards every web contents the app creates', async () => {
    await import('./main');
    const contents = { on: vi.fn(), setWindowOpenHandler: vi.fn() };
    h.appListeners.get('web-contents-created')!({}, contents);
    expect(contents.setWindowOpenHandler).toHaveBeenCalled();
    expect(contents.on.mock.calls.map((c) => c[0])).toEqual(
      expect.arrayContaining(['will-navigate', 'will-frame-navigate', 'will-redirect', 'will-attach-webview']),
    );
  });

  it('when ready: permission handlers, app:// handler, exactly the IPC channels, the menu, then one secure window', async () => {
    await import('./main');
    h.ready();
    await vi.waitFor(() => expect(h.windows).toHaveLength(1));
    expect(h.electron.protocol.handle).toHaveBeenCalledWith(APP_SCHEME, expect.any(Function));
    expect(h.ipcChannels.sort()).toEqual(Object.values(IPC_CHANNELS).sort());
    expect(h.electron.Menu.setApplicationMenu).toHaveBeenCalled();
    expect(h.calls.indexOf('permission request handler')).toBeLessThan(h.calls.indexOf('new BrowserWindow'));
    expect(h.calls.indexOf('protocol.handle')).toBeLessThan(h.calls.indexOf('new BrowserWindow'));
    const win = h.windows[0]!;
    const prefs = win.options.webPreferences as ReturnType<typeof secureWebPreferences>;
    expect(prefs).toEqual(secureWebPreferences(prefs.preload!, false));
    expect(prefs.preload).toMatch(/preload[\\/]preload\.cjs$/);
    expect(win.url).toBe('app://portal/');
  });
});
