/**
 * Window hardening of the desktop shell (Electron security checklist items 2-6, 8-14): the secure
 * webPreferences, navigation and new-window denial, webview refusal and the permission handlers.
 * Each function takes the Electron objects it works on, so it is unit-tested without Electron.
 */
import type { BrowserWindowConstructorOptions, WebPreferences } from 'electron';
import { isAllowedExternalUrl, isAllowedFrameUrl, isAppUrl } from './urls';

/**
 * The only webPreferences the app window ever gets. Developer tools exist only in development:
 * a packaged build (or NODE_ENV=production) passes `production`, which sets devTools to false so
 * neither a shortcut nor a leftover menu item can open them.
 */
export function secureWebPreferences(preloadPath: string, production: boolean): WebPreferences {
  return {
    preload: preloadPath,
    devTools: !production,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: true,
    safeDialogs: true,
  };
}

export function mainWindowOptions(preloadPath: string, production: boolean): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 840,
    minWidth: 360,
    minHeight: 480,
    show: false,
    title: 'Rainmakers Portal',
    backgroundColor: '#f9fafb',
    autoHideMenuBar: false,
    webPreferences: secureWebPreferences(preloadPath, production),
  };
}

export interface ExternalOpener {
  openExternal(url: string): Promise<void>;
}

/**
 * Opens a URL in the system browser only when it is https on the host allowlist; resolves to
 * whether it was opened. Everything else (javascript:, file:, smb:, data:, http:, other hosts)
 * never reaches shell.openExternal.
 */
export async function openExternalSafely(
  shell: ExternalOpener,
  url: unknown,
  allowedHosts: readonly string[],
): Promise<boolean> {
  if (!isAllowedExternalUrl(url, allowedHosts)) return false;
  try {
    await shell.openExternal(url as string);
    return true;
  } catch {
    return false;
  }
}

interface PreventableEvent {
  preventDefault(): void;
}

/** What Electron's will-navigate, will-frame-navigate and will-redirect events carry. */
export type NavigationEvent = PreventableEvent & { url: string; isMainFrame: boolean };

/** The parts of a WebContents the guards attach to. */
export interface GuardedContents {
  on(event: 'will-navigate', listener: (event: NavigationEvent) => void): unknown;
  on(event: 'will-frame-navigate', listener: (event: NavigationEvent) => void): unknown;
  on(event: 'will-redirect', listener: (event: NavigationEvent) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

export interface GuardOptions {
  shell: ExternalOpener;
  externalHosts: readonly string[];
  /** Origins a frame may show (videos, chat, forms): the same list as the CSP frame-src. */
  frameOrigins: readonly string[];
  onBlocked?: (what: string, url: string) => void;
  /**
   * Opens an allowed link in the system browser; default: openExternalSafely on externalHosts.
   * Main passes the portal-settings-aware opener (settings-hosts.ts).
   */
  openExternal?: (url: string) => Promise<boolean>;
}

/**
 * Where a frame may be: the main frame stays inside app://portal; a sub-frame (an embedded video,
 * chat or form) stays on the allowed frame origins, as the CSP's frame-src says.
 */
function frameMayGo(event: NavigationEvent, frameOrigins: readonly string[]): boolean {
  return event.isMainFrame ? isAppUrl(event.url) : isAllowedFrameUrl(event.url, frameOrigins);
}

/**
 * Navigation stays inside app://portal, in the main frame and after every redirect; frames stay on
 * the allowed frame origins, also after a redirect; window.open is always denied (an allowlisted
 * https link opens in the system browser instead); webviews are never attached.
 */
export function guardWebContents(contents: GuardedContents, options: GuardOptions): void {
  const external = (url: string) =>
    void (options.openExternal
      ? options.openExternal(url)
      : openExternalSafely(options.shell, url, options.externalHosts));
  contents.on('will-navigate', (event) => {
    if (isAppUrl(event.url)) return;
    event.preventDefault();
    options.onBlocked?.('navigation', event.url);
    external(event.url);
  });
  // Every frame, main frame included (will-navigate above is the one that opens an allowlisted
  // link in the browser, so a click is not opened twice).
  contents.on('will-frame-navigate', (event) => {
    if (frameMayGo(event, options.frameOrigins)) return;
    event.preventDefault();
    options.onBlocked?.(event.isMainFrame ? 'navigation' : 'frame navigation', event.url);
  });
  // A server-side redirect (302 and the like) is a navigation of its own: same rules, and never
  // opened in the browser (the page did not ask for that URL).
  contents.on('will-redirect', (event) => {
    if (frameMayGo(event, options.frameOrigins)) return;
    event.preventDefault();
    options.onBlocked?.('redirect', event.url);
  });
  contents.setWindowOpenHandler(({ url }) => {
    options.onBlocked?.('new window', url);
    external(url);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    options.onBlocked?.('webview', '');
  });
}

/** Permissions the app uses: copying to the clipboard, and fullscreen for embedded videos. */
export const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write', 'fullscreen']);

/** The decision shared by the permission request and check handlers. */
export function isPermissionAllowed(
  permission: string,
  requestingUrl: string,
  frameOrigins: readonly string[],
): boolean {
  if (!ALLOWED_PERMISSIONS.has(permission)) return false;
  if (permission === 'fullscreen') return isAllowedFrameUrl(requestingUrl, frameOrigins);
  return isAppUrl(requestingUrl);
}

export interface PermissionSession {
  setPermissionRequestHandler(
    handler: (
      webContents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
      details: { requestingUrl?: string },
    ) => void,
  ): void;
  setPermissionCheckHandler(
    handler: (webContents: unknown, permission: string, requestingOrigin: string) => boolean,
  ): void;
}

/** Denies every permission that is not on the allowlist, for requests and for checks. */
export function installPermissionHandlers(session: PermissionSession, frameOrigins: readonly string[]): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(isPermissionAllowed(permission, details.requestingUrl ?? '', frameOrigins));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionAllowed(permission, requestingOrigin, frameOrigins),
  );
}
