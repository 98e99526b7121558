// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PortalBridge } from '../../shared-ipc/contract';
import { PickFileError, pickFile, printOrSavePdf } from './files';

function withPortal(pick: PortalBridge['pickFile'], savePdf: PortalBridge['savePdf'] = vi.fn(async () => true)) {
  const portal: PortalBridge = {
    platform: 'desktop',
    apiBaseUrl: 'app://portal',
    pickFile: pick,
    saveFile: vi.fn(async () => true),
    savePdf,
    openExternal: vi.fn(async () => true),
    showNotification: vi.fn(async () => 'closed' as const),
  };
  (window as unknown as { portal?: PortalBridge }).portal = portal;
}

afterEach(() => {
  delete (window as unknown as { portal?: PortalBridge }).portal;
});

describe('pickFile on the desktop', () => {
  it('turns the native picker result into a File', async () => {
    withPortal(async () => ({ name: 'a.png', type: 'image/png', bytes: new Uint8Array([137, 80, 78, 71]) }));
    const file = await pickFile('image');
    expect(file?.name).toBe('a.png');
    expect(file?.type).toBe('image/png');
    expect(file?.size).toBe(4);
  });

  it('resolves null when the user cancels', async () => {
    withPortal(async () => null);
    expect(await pickFile('csv')).toBeNull();
  });

  it("rejects with the main process's reason, without Electron's wrapping", async () => {
    withPortal(async () => {
      throw new Error("Error invoking remote method 'portal:pick-file': Error: The file is too large.");
    });
    const err: unknown = await pickFile('image').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PickFileError);
    expect((err as Error).message).toBe('The file is too large.');
  });
});

describe('printOrSavePdf', () => {
  it('asks main for the native Save dialog and printToPDF on the desktop', async () => {
    const savePdf = vi.fn(async () => true);
    withPortal(async () => null, savePdf);
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    expect(await printOrSavePdf('Garlic press.pdf')).toBe(true);
    expect(savePdf).toHaveBeenCalledWith({ defaultName: 'Garlic press.pdf' });
    expect(print).not.toHaveBeenCalled();
  });

  it("reports main's reason without Electron's wrapping", async () => {
    withPortal(
      async () => null,
      async () => {
        throw new Error("Error invoking remote method 'portal:save-pdf': Error: The PDF is too large to save.");
      },
    );
    await expect(printOrSavePdf('a.pdf')).rejects.toThrow(/^The PDF is too large to save.$/);
  });

  it("opens the browser's print dialog on the web", async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    expect(await printOrSavePdf('a.pdf')).toBe(true);
    expect(print).toHaveBeenCalledTimes(1);
  });
});
