import type { PickAccept } from '../../shared-ipc/contract';

/**
 * The renderer's one platform module. On the desktop it uses the native pickers of window.portal
 * (main reads and checks the file; the renderer never sees a path); on the web it uses a file
 * input and a download link.
 */
export function isDesktop(): boolean {
  return typeof window !== 'undefined' && window.portal?.platform === 'desktop';
}

export const ACCEPT: Record<PickAccept, string> = {
  image: 'image/png,image/jpeg,image/gif,image/webp',
  csv: '.csv,.xlsx,.xls,text/csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The desktop picker refused the chosen file (too large, wrong content...); message says why. */
export class PickFileError extends Error {
  override name = 'PickFileError';
}

/** Electron wraps a main-process error as "Error invoking remote method 'x': Error: reason". */
function ipcReason(err: unknown): string {
  const raw = err instanceof Error ? err.message : String(err);
  return (
    raw.replace(/^Error invoking remote method '[^']*':\s*(?:[A-Za-z]*Error:\s*)?/, '') || 'The file could not be read.'
  );
}

/**
 * Lets the user choose one file. Resolves to null when they cancel; rejects with a PickFileError
 * carrying a message to show when the desktop picker refuses the file.
 */
export async function pickFile(accept: PickAccept): Promise<File | null> {
  const portal = window.portal;
  if (portal?.platform === 'desktop') {
    let picked;
    try {
      picked = await portal.pickFile({ accept });
    } catch (err) {
      throw new PickFileError(ipcReason(err));
    }
    if (!picked) return null;
    return new File([new Uint8Array(picked.bytes)], picked.name, { type: picked.type });
  }
  return new Promise<File | null>((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = ACCEPT[accept];
    input.style.display = 'none';
    let settled = false;
    const finish = (file: File | null) => {
      if (settled) return;
      settled = true;
      input.remove();
      resolve(file);
    };
    input.addEventListener('change', () => finish(input.files?.[0] ?? null));
    input.addEventListener('cancel', () => finish(null));
    document.body.appendChild(input);
    input.click();
  });
}

export async function saveFile(name: string, blob: Blob): Promise<void> {
  const portal = window.portal;
  if (portal?.platform === 'desktop') {
    await portal.saveFile({ defaultName: name, bytes: new Uint8Array(await blob.arrayBuffer()) });
    return;
  }
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export async function openExternal(url: string): Promise<void> {
  const portal = window.portal;
  if (portal?.platform === 'desktop') {
    await portal.openExternal(url);
    return;
  }
  window.open(url, '_blank', 'noopener,noreferrer');
}

/**
 * Prints the page on show or saves it as a PDF: on the desktop the native Save dialog and
 * Electron's printToPDF (main renders this page with its print stylesheet), on the web the
 * browser's print dialog (where "Save as PDF" is one of the printers). Resolves false when the
 * desktop user cancels.
 */
export async function printOrSavePdf(defaultName: string): Promise<boolean> {
  const portal = window.portal;
  if (portal?.platform === 'desktop') {
    try {
      return await portal.savePdf({ defaultName });
    } catch (err) {
      throw new PickFileError(ipcReason(err));
    }
  }
  window.print();
  return true;
}
