import type { PortalBridge } from '../../shared-ipc/contract';

declare global {
  interface Window {
    /** Present only in the desktop app (Electron preload). */
    portal?: PortalBridge;
  }
}

export {};
