import { describe, expect, it, vi } from 'vitest';
import { IPC_CHANNELS } from '../shared-ipc/contract';
import { registerIpcHandlers, UntrustedSenderError, type IpcInvokeEventLike, type IpcMainLike } from './ipc';

function fakeIpcMain() {
  const handlers = new Map<string, (event: IpcInvokeEventLike, ...args: unknown[]) => unknown>();
  const ipcMain: IpcMainLike = {
    handle: (channel, listener) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, listener);
    },
  };
  return { ipcMain, handlers };
}

function portalHandlers() {
  return {
    pickFile: vi.fn(async () => null),
    saveFile: vi.fn(async () => true),
    savePdf: vi.fn(async () => true),
    openExternal: vi.fn(async () => true),
    showNotification: vi.fn(async () => 'closed' as const),
  };
}

const from = (url: string | null): IpcInvokeEventLike => ({ senderFrame: url === null ? null : { url } });

describe('IPC handlers', () => {
  it('registers exactly the channels of IPC_CHANNELS', () => {
    const { ipcMain, handlers } = fakeIpcMain();
    const registered = registerIpcHandlers(ipcMain, portalHandlers());
    expect([...handlers.keys()].sort()).toEqual(Object.values(IPC_CHANNELS).sort());
    expect(registered.sort()).toEqual(Object.values(IPC_CHANNELS).sort());
  });

  it('passes the first argument of a call from app://portal (and the event) to its handler', async () => {
    const { ipcMain, handlers } = fakeIpcMain();
    const h = portalHandlers();
    registerIpcHandlers(ipcMain, h);
    const event = from('app://portal/profile');
    await handlers.get(IPC_CHANNELS.pickFile)!(event, { accept: 'image' }, 'extra');
    expect(h.pickFile).toHaveBeenCalledWith({ accept: 'image' }, event);
    expect(await handlers.get(IPC_CHANNELS.openExternal)!(from('app://portal/'), 'https://calendly.com/')).toBe(true);
  });

  it.each([
    'https://evil.example/',
    'https://www.youtube.com/embed/x',
    'app://evil/',
    'app://portal.evil.io/',
    'file:///home/u/x.html',
    'about:blank',
    '',
  ])('rejects every channel when the sender frame is %s', async (url) => {
    const { ipcMain, handlers } = fakeIpcMain();
    const h = portalHandlers();
    const onBlocked = vi.fn();
    registerIpcHandlers(ipcMain, h, onBlocked);
    for (const channel of Object.values(IPC_CHANNELS)) {
      expect(() => handlers.get(channel)!(from(url), { accept: 'image' })).toThrow(UntrustedSenderError);
    }
    expect(h.pickFile).not.toHaveBeenCalled();
    expect(h.saveFile).not.toHaveBeenCalled();
    expect(h.savePdf).not.toHaveBeenCalled();
    expect(h.openExternal).not.toHaveBeenCalled();
    expect(h.showNotification).not.toHaveBeenCalled();
    expect(onBlocked).toHaveBeenCalledTimes(Object.values(IPC_CHANNELS).length);
  });

  it('gives savePdf the sending page, so main renders the window that asked', async () => {
    const { ipcMain, handlers } = fakeIpcMain();
    const h = portalHandlers();
    registerIpcHandlers(ipcMain, h);
    const event = { senderFrame: { url: 'app://portal/profit-calculator/3/summary' }, sender: { id: 1 } };
    expect(await handlers.get(IPC_CHANNELS.savePdf)!(event, { defaultName: 'a.pdf' })).toBe(true);
    expect(h.savePdf).toHaveBeenCalledWith({ defaultName: 'a.pdf' }, event);
  });

  it('rejects a call whose sender frame is gone', () => {
    const { ipcMain, handlers } = fakeIpcMain();
    registerIpcHandlers(ipcMain, portalHandlers());
    expect(() => handlers.get(IPC_CHANNELS.saveFile)!(from(null), {})).toThrow(UntrustedSenderError);
  });
});
