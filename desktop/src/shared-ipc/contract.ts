/**
 * The contract between the Electron main process, the preload script and the renderer.
 * Type-only for the renderer (import type), no Node or Electron imports here.
 */
export type PickAccept = 'image' | 'csv';

export interface PickedFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

export interface SaveFileRequest {
  defaultName: string;
  bytes: Uint8Array;
}

/** Save the page being shown as a PDF (main renders it with printToPDF after the Save dialog). */
export interface SavePdfRequest {
  defaultName: string;
}

/** A native OS notification (docs/areas/notifications.md): plain text only. */
export interface ShowNotificationRequest {
  title: string;
  body: string;
}

/** How a native notification ended: clicked (the window is brought to the front) or closed. */
export type NotificationOutcome = 'clicked' | 'closed';

/** The renderer of the desktop app is served from this origin (custom protocol, not file://). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'portal';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** What preload exposes as window.portal: nothing else reaches the renderer. */
export interface PortalBridge {
  platform: 'desktop';
  /**
   * Where the renderer sends its API calls: the app's own origin. Main forwards app://portal/api/*
   * and /uploads/* to the configured API (PORTAL_API_URL) with the window session's cookies, so
   * the renderer stays same-origin (no CORS, no third-party cookies) and the CSP needs no remote
   * connect-src.
   */
  apiBaseUrl: string;
  pickFile(options: { accept: PickAccept }): Promise<PickedFile | null>;
  saveFile(request: SaveFileRequest): Promise<boolean>;
  /** The native Save dialog, then the page as a PDF written there; false when cancelled. */
  savePdf(request: SavePdfRequest): Promise<boolean>;
  openExternal(url: string): Promise<boolean>;
  /** Shows a native notification; resolves 'clicked' (the renderer then opens the card) or 'closed'. */
  showNotification(request: ShowNotificationRequest): Promise<NotificationOutcome>;
}

/** The only IPC channels; main registers exactly these and checks every sender. */
export const IPC_CHANNELS = {
  pickFile: 'portal:pick-file',
  saveFile: 'portal:save-file',
  savePdf: 'portal:save-pdf',
  openExternal: 'portal:open-external',
  showNotification: 'portal:show-notification',
} as const;

export type IpcChannel = (typeof IPC_CHANNELS)[keyof typeof IPC_CHANNELS];

export const BRIDGE_KEYS = [
  'platform',
  'apiBaseUrl',
  'pickFile',
  'saveFile',
  'savePdf',
  'openExternal',
  'showNotification',
] as const;
