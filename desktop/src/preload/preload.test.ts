import { beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_ORIGIN, BRIDGE_KEYS, IPC_CHANNELS, type PortalBridge } from '../shared-ipc/contract';

const electron = vi.hoisted(() => ({
  contextBridge: { exposeInMainWorld: vi.fn() },
  ipcRenderer: { invoke: vi.fn(async () => null), send: vi.fn(), on: vi.fn(), sendSync: vi.fn() },
}));
vi.mock('electron', () => electron);

async function exposed(): Promise<{ name: string; bridge: PortalBridge }> {
  vi.resetModules();
  electron.contextBridge.exposeInMainWorld.mockClear();
  await import('./preload');
  expect(electron.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1);
  const [name, bridge] = electron.contextBridge.exposeInMainWorld.mock.calls[0] as unknown as [string, PortalBridge];
  return { name, bridge };
}

describe('preload bridge', () => {
  beforeEach(() => electron.ipcRenderer.invoke.mockClear());

  it('exposes one object, window.portal, with exactly the bridge keys', async () => {
    const { name, bridge } = await exposed();
    expect(name).toBe('portal');
    expect(Object.keys(bridge).sort()).toEqual([...BRIDGE_KEYS].sort());
    expect(Object.isFrozen(bridge)).toBe(true);
  });

  it('exposes no ipcRenderer, no generic send and no Node objects', async () => {
    const { bridge } = await exposed();
    const values = Object.values(bridge) as unknown[];
    expect(values).not.toContain(electron.ipcRenderer);
    for (const key of ['ipcRenderer', 'send', 'invoke', 'on', 'require', 'process'])
      expect(bridge).not.toHaveProperty(key);
    expect(bridge.platform).toBe('desktop');
    expect(bridge.apiBaseUrl).toBe(APP_ORIGIN);
  });

  it('each function is a thin invoke on its own channel', async () => {
    const { bridge } = await exposed();
    await bridge.pickFile({ accept: 'csv' });
    const bytes = new Uint8Array([1, 2]);
    await bridge.saveFile({ defaultName: 'a.csv', bytes });
    await bridge.savePdf({ defaultName: 'summary.pdf' });
    await bridge.openExternal('https://calendly.com/');
    await bridge.showNotification({ title: 'Rainmakers Portal', body: 'Mina commented' });
    expect(electron.ipcRenderer.invoke.mock.calls).toEqual([
      [IPC_CHANNELS.pickFile, { accept: 'csv' }],
      [IPC_CHANNELS.saveFile, { defaultName: 'a.csv', bytes }],
      [IPC_CHANNELS.savePdf, { defaultName: 'summary.pdf' }],
      [IPC_CHANNELS.openExternal, 'https://calendly.com/'],
      [IPC_CHANNELS.showNotification, { title: 'Rainmakers Portal', body: 'Mina commented' }],
    ]);
  });

  it('passes only the known fields to main, whatever else the page adds', async () => {
    const { bridge } = await exposed();
    await bridge.pickFile({ accept: 'image', path: '/etc/passwd' } as never);
    expect(electron.ipcRenderer.invoke).toHaveBeenCalledWith(IPC_CHANNELS.pickFile, { accept: 'image' });
    await bridge.savePdf({ defaultName: 'a.pdf', path: '/etc/passwd' } as never);
    expect(electron.ipcRenderer.invoke).toHaveBeenCalledWith(IPC_CHANNELS.savePdf, { defaultName: 'a.pdf' });
  });
});
