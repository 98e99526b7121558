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

/** What preload exposes as window.portal: nothing else reaches the renderer. */
export interface PortalBridge {
  platform: 'desktop';
  pickFile(options: { accept: PickAccept }): Promise<PickedFile | null>;
  saveFile(request: SaveFileRequest): Promise<boolean>;
  openExternal(url: string): Promise<boolean>;
}

/** The only IPC channels; main registers exactly these and checks every sender. */
export const IPC_CHANNELS = {
  pickFile: 'portal:pick-file',
  saveFile: 'portal:save-file',
  openExternal: 'portal:open-external',
} as const;

export type IpcChannel = (typeof IPC_CHANNELS)[keyof typeof IPC_CHANNELS];

export const BRIDGE_KEYS = ['platform', 'pickFile', 'saveFile', 'openExternal'] as const;
