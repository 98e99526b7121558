/**
 * The one object the renderer sees as window.portal: exactly BRIDGE_KEYS, each function a thin
 * ipcRenderer.invoke on its own channel. No ipcRenderer, no generic send, no paths.
 */
import {
  APP_ORIGIN,
  IPC_CHANNELS,
  type PickAccept,
  type PickedFile,
  type PortalBridge,
  type SaveFileRequest,
  type SavePdfRequest,
  type ShowNotificationRequest,
  type NotificationOutcome,
} from '../shared-ipc/contract';

export interface Invoker {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
}

export function createBridge(ipc: Invoker): PortalBridge {
  return Object.freeze({
    platform: 'desktop' as const,
    apiBaseUrl: APP_ORIGIN,
    pickFile: (options: { accept: PickAccept }) =>
      ipc.invoke(IPC_CHANNELS.pickFile, { accept: options.accept }) as Promise<PickedFile | null>,
    saveFile: (request: SaveFileRequest) =>
      ipc.invoke(IPC_CHANNELS.saveFile, { defaultName: request.defaultName, bytes: request.bytes }) as Promise<boolean>,
    savePdf: (request: SavePdfRequest) =>
      ipc.invoke(IPC_CHANNELS.savePdf, { defaultName: request.defaultName }) as Promise<boolean>,
    openExternal: (url: string) => ipc.invoke(IPC_CHANNELS.openExternal, String(url)) as Promise<boolean>,
    showNotification: (request: ShowNotificationRequest) =>
      ipc.invoke(IPC_CHANNELS.showNotification, {
        title: String(request.title),
        body: String(request.body),
      }) as Promise<NotificationOutcome>,
  });
}
