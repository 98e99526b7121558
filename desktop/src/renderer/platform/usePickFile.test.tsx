// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { MESSAGES } from '@shared/messages';
import type { PortalBridge } from '../../shared-ipc/contract';
import { checkImage, usePickFile } from './usePickFile';

/** The desktop bridge, as preload exposes it, with the native picker answering `pick`. */
function withPortal(pick: PortalBridge['pickFile']) {
  (window as unknown as { portal?: PortalBridge }).portal = {
    platform: 'desktop',
    apiBaseUrl: 'app://portal',
    pickFile: pick,
    saveFile: vi.fn(async () => true),
    savePdf: vi.fn(async () => true),
    openExternal: vi.fn(async () => true),
    showNotification: vi.fn(async () => 'closed' as const),
  };
}

afterEach(() => {
  delete (window as unknown as { portal?: PortalBridge }).portal;
});

const png = (size = 4) => ({ name: 'a.png', type: 'image/png', bytes: new Uint8Array(size) });

describe('usePickFile on the desktop', () => {
  it('turns a file the main process refuses into the problem to show, and resolves null instead of rejecting', async () => {
    withPortal(async () => {
      throw new Error("Error invoking remote method 'portal:pick-file': Error: The file is too large.");
    });
    const { result } = renderHook(() => usePickFile('image', checkImage));
    let picked: File | null | undefined;
    await act(async () => {
      picked = await result.current.pick();
    });
    expect(picked).toBeNull();
    expect(result.current.problem).toBe('The file is too large.');
  });

  it('resolves null with no problem when the user cancels', async () => {
    withPortal(async () => null);
    const { result } = renderHook(() => usePickFile('csv'));
    let picked: File | null | undefined;
    await act(async () => {
      picked = await result.current.pick();
    });
    expect(picked).toBeNull();
    expect(result.current.problem).toBeNull();
  });

  it('applies the local check, and clears the last problem when a good file follows', async () => {
    const answers = [{ name: 'notes.txt', type: 'text/plain', bytes: new Uint8Array(1) }, png()];
    withPortal(async () => answers.shift() ?? null);
    const { result } = renderHook(() => usePickFile('image', checkImage));
    await act(async () => {
      expect(await result.current.pick()).toBeNull();
    });
    expect(result.current.problem).toBe(MESSAGES.unsupportedImage);
    let picked: File | null | undefined;
    await act(async () => {
      picked = await result.current.pick();
    });
    expect(picked?.name).toBe('a.png');
    expect(result.current.problem).toBeNull();
  });
});

describe('checkImage', () => {
  it('accepts the image types the API takes, up to the size limit', () => {
    expect(checkImage(new File([new Uint8Array(4)], 'a.webp', { type: 'image/webp' }))).toBeNull();
    expect(checkImage(new File(['x'], 'a.svg', { type: 'image/svg+xml' }))).toBe(MESSAGES.unsupportedImage);
    expect(checkImage(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }))).toBe(
      MESSAGES.fileTooLarge,
    );
  });
});
