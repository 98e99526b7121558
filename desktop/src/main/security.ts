/**
 * Window hardening of the desktop shell (Electron security checklist items 2-6, 8-14): the secure
 * webPreferences, navigation and new-window denial, webview refusal and the permission handlers.
 * Each function takes the Electron objects it works on, so it is unit-tested without Electron.
 */
import type { BrowserWindowConstructorOptions, WebPreferences } from 'electron';
import { isAllowedExternalUrl, isAllowedFrameUrl, isAppUrl } from './urls';

/** The only webPreferences the app window ever gets. */
export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
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

export function mainWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 840,
    minWidth: 360,
    minHeight: 480,
    show: false,
    title: 'Rainmakers Portal',
    backgroundColor: '#f9fafb',
    autoHideMenuBar: false,
    webPreferences: secureWebPreferences(preloadPath),
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

/** The parts of a WebContents the guards attach to. */
export interface GuardedContents {
  on(event: 'will-navigate', listener: (event: PreventableEvent & { url: string }) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

export interface GuardOptions {
  shell: ExternalOpener;
  externalHosts: readonly string[];
  onBlocked?: (what: string, url: string) => void;
}

/**
 * Navigation stays inside app://portal; window.open is always denied (an allowlisted https link
 * opens in the system browser instead); webviews are never attached.
 */
export function guardWebContents(contents: GuardedContents, options: GuardOptions): void {
  const external = (url: string) => void openExternalSafely(options.shell, url, options.externalHosts);
  contents.on('will-navigate', (event) => {
    if (isAppUrl(event.url)) return;
    event.preventDefault();
    options.onBlocked?.('navigation', event.url);
    external(event.url);
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
