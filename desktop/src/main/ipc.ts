/**
 * The IPC surface of main: exactly the channels of IPC_CHANNELS, each handler refusing any
 * sender frame that is not our app:// origin (an iframe, a navigated-away page, a destroyed frame).
 */
import { IPC_CHANNELS, type IpcChannel } from '../shared-ipc/contract';
import { isAppUrl } from './urls';

export interface IpcInvokeEventLike {
  senderFrame: { url: string } | null;
  /** The sending webContents (Electron's event.sender); savePdf renders it. */
  sender?: unknown;
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcInvokeEventLike, ...args: unknown[]) => unknown): void;
}

/** One function per bridge call; arguments arrive unchecked from the renderer (the event after them). */
export interface PortalHandlers {
  pickFile(options: unknown): Promise<unknown>;
  saveFile(request: unknown): Promise<boolean>;
  savePdf(request: unknown, event: IpcInvokeEventLike): Promise<boolean>;
  openExternal(url: unknown): Promise<boolean>;
  showNotification(request: unknown): Promise<'clicked' | 'closed'>;
}

export class UntrustedSenderError extends Error {
  constructor(channel: string) {
    super(`Blocked ${channel} from an untrusted sender`);
  }
}

export function isTrustedSender(event: IpcInvokeEventLike): boolean {
  return isAppUrl(event.senderFrame?.url);
}

/** Registers the handlers; returns the channels registered (always exactly IPC_CHANNELS). */
export function registerIpcHandlers(
  ipcMain: IpcMainLike,
  handlers: PortalHandlers,
  onBlocked?: (channel: string, url: string) => void,
): IpcChannel[] {
  const channels: IpcChannel[] = [];
  for (const key of Object.keys(IPC_CHANNELS) as Array<keyof typeof IPC_CHANNELS>) {
    const channel = IPC_CHANNELS[key];
    ipcMain.handle(channel, (event, ...args) => {
      if (!isTrustedSender(event)) {
        onBlocked?.(channel, event.senderFrame?.url ?? '');
        throw new UntrustedSenderError(channel);
      }
      return handlers[key](args[0], event);
    });
    channels.push(channel);
  }
  return channels;
}
