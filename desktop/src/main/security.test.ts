import { describe, expect, it, vi } from 'vitest';
import {
  guardWebContents,
  installPermissionHandlers,
  isPermissionAllowed,
  mainWindowOptions,
  secureWebPreferences,
  type GuardedContents,
  type PermissionSession,
} from './security';

const FRAMES = ['https://www.youtube.com', 'https://player.vimeo.com'];
const HOSTS = ['calendly.com'];

/** A stand-in WebContents that records the listeners the guards attach. */
function fakeContents() {
  const listeners = new Map<string, (event: never) => void>();
  let openHandler: ((details: { url: string }) => { action: 'deny' }) | null = null;
  const contents = {
    on: (name: string, listener: (event: never) => void) => {
      listeners.set(name, listener);
      return contents;
    },
    setWindowOpenHandler: (handler: (details: { url: string }) => { action: 'deny' }) => {
      openHandler = handler;
    },
  };
  const navigate = (url: string) => {
    const event = { url, isMainFrame: true, preventDefault: vi.fn() };
    (listeners.get('will-navigate') as (e: typeof event) => void)(event);
    return event.preventDefault.mock.calls.length > 0;
  };
  return {
    contents: contents as unknown as GuardedContents,
    listeners,
    navigate,
    open: (url: string) => openHandler!({ url }),
  };
}

describe('secure window options', () => {
  it('has contextIsolation, sandbox and webSecurity on; node, webviews and insecure content off', () => {
    const prefs = secureWebPreferences('/app/preload.cjs', false);
    expect(prefs).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
    });
    expect(prefs).not.toHaveProperty('enableBlinkFeatures');
    expect(prefs).not.toHaveProperty('additionalArguments');
  });

  it('the main window uses exactly those preferences and starts hidden until ready', () => {
    const options = mainWindowOptions('/p.cjs', false);
    expect(options.webPreferences).toEqual(secureWebPreferences('/p.cjs', false));
    expect(options.show).toBe(false);
    expect(options.minWidth).toBeLessThanOrEqual(375);
  });
});

describe('navigation and new windows', () => {
  it('lets the app navigate inside app://portal', () => {
    const shell = { openExternal: vi.fn(async () => undefined) };
    const f = fakeContents();
    guardWebContents(f.contents, { shell, externalHosts: HOSTS, frameOrigins: FRAMES });
    expect(f.navigate('app://portal/courses')).toBe(false);
    expect(shell.openExternal).not.toHaveBeenCalled();
  });

  it.each(['https://evil.example/', 'app://evil/', 'file:///etc/passwd', 'http://localhost:4000/'])(
    'denies navigation of the window to %s',
    (url) => {
      const shell = { openExternal: vi.fn(async () => undefined) };
      const f = fakeContents();
      guardWebContents(f.contents, { shell, externalHosts: HOSTS, frameOrigins: FRAMES });
      expect(f.navigate(url)).toBe(true);
      expect(shell.openExternal).not.toHaveBeenCalled();
    },
  );

  it('a navigation to an allowlisted https site is denied in the window and opened in the browser', () => {
    const shell = { openExternal: vi.fn(async () => undefined) };
    const f = fakeContents();
    guardWebContents(f.contents, { shell, externalHosts: HOSTS, frameOrigins: FRAMES });
    expect(f.navigate('https://calendly.com/book')).toBe(true);
    expect(shell.openExternal).toHaveBeenCalledWith('https://calendly.com/book');
  });

  it('window.open is always denied; only allowlisted https links reach the browser', () => {
    const shell = { openExternal: vi.fn(async () => undefined) };
    const onBlocked = vi.fn();
    const f = fakeContents();
    guardWebContents(f.contents, { shell, externalHosts: HOSTS, frameOrigins: FRAMES, onBlocked });
    expect(f.open('https://calendly.com/x')).toEqual({ action: 'deny' });
    expect(f.open('https://evil.example/')).toEqual({ action: 'deny' });
    expect(f.open('app://portal/')).toEqual({ action: 'deny' });
    expect(f.open('javascript:alert(1)')).toEqual({ action: 'deny' });
    expect(shell.openExternal).toHaveBeenCalledTimes(1);
    expect(shell.openExternal).toHaveBeenCalledWith('https://calendly.com/x');
    expect(onBlocked).toHaveBeenCalledTimes(4);
  });

  it('prevents every webview from attaching', () => {
    const f = fakeContents();
    guardWebContents(f.contents, { shell: { openExternal: vi.fn() }, externalHosts: HOSTS, frameOrigins: FRAMES });
    const event = { preventDefault: vi.fn() };
    (f.listeners.get('will-attach-webview') as (e: typeof event) => void)(event);
    expect(event.preventDefault).toHaveBeenCalled();
  });
});

describe('permissions', () => {
  function install() {
    let request: Parameters<PermissionSession['setPermissionRequestHandler']>[0] | null = null;
    let check: Parameters<PermissionSession['setPermissionCheckHandler']>[0] | null = null;
    installPermissionHandlers(
      {
        setPermissionRequestHandler: (h) => (request = h),
        setPermissionCheckHandler: (h) => (check = h),
      },
      FRAMES,
    );
    const ask = (permission: string, requestingUrl: string) => {
      const callback = vi.fn();
      request!(null, permission, callback, { requestingUrl });
      return callback.mock.calls[0]?.[0] as boolean;
    };
    return { ask, check: (permission: string, origin: string) => check!(null, permission, origin) };
  }

  it.each([
    'media',
    'geolocation',
    'notifications',
    'openExternal',
    'clipboard-read',
    'midi',
    'hid',
    'serial',
    'usb',
    'unknown',
  ])('denies %s even to the app itself', (permission) => {
    const { ask, check } = install();
    expect(ask(permission, 'app://portal/')).toBe(false);
    expect(check(permission, 'app://portal')).toBe(false);
  });

  it('allows clipboard writes for the app and fullscreen for the app and allowed video frames', () => {
    const { ask, check } = install();
    expect(ask('clipboard-sanitized-write', 'app://portal/ai-toolkit')).toBe(true);
    expect(ask('clipboard-sanitized-write', 'https://www.youtube.com/embed/x')).toBe(false);
    expect(ask('fullscreen', 'https://www.youtube.com/embed/x')).toBe(true);
    expect(check('fullscreen', 'https://player.vimeo.com')).toBe(true);
    expect(ask('fullscreen', 'https://evil.example/')).toBe(false);
  });

  it('denies a request that names no requesting URL', () => {
    expect(isPermissionAllowed('clipboard-sanitized-write', '', FRAMES)).toBe(false);
  });
});
