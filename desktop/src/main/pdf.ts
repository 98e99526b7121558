/**
 * "Save as PDF" of the printable product summary (docs/areas/seller-tools.md#export). The renderer asks with a file name
 * only; main shows the native Save dialog, renders the sending page with Electron's printToPDF
 * (the page's print stylesheet applies) and writes the file where the user chose. Like files.ts,
 * it takes its Electron objects as parameters so it is unit-tested without Electron.
 */
import path from 'node:path';
import { FilePickError, SAVE_MAX_BYTES, safeFileName, type FileDialogs, type FileSystem } from './files';

/** What printToPDF needs of a webContents (Electron's PrintToPDFOptions, the fields used here). */
export interface PdfOptions {
  printBackground: boolean;
  preferCSSPageSize: boolean;
  pageSize: 'A4' | 'Letter';
  generateTaggedPDF: boolean;
}

export interface PdfPage {
  printToPDF(options: PdfOptions): Promise<Uint8Array>;
}

export interface PdfDeps {
  /** The page that asked (the IPC sender's webContents); null when it is gone. */
  page: PdfPage | null;
  dialogs: Pick<FileDialogs, 'showSaveDialog'>;
  fs: Pick<FileSystem, 'writeFile'>;
  /** Folder the Save dialog starts in (the user's Downloads). */
  downloadsDir: string;
}

/** One page of A4; the page's own @page rule (print stylesheet) wins where it sets a size. */
export const PDF_OPTIONS: PdfOptions = {
  printBackground: true,
  preferCSSPageSize: true,
  pageSize: 'A4',
  generateTaggedPDF: true,
};

/** The IPC sender as a page to render: a live webContents (duck-typed), else null. */
export function pdfPageOf(sender: unknown): PdfPage | null {
  const wc = sender as { printToPDF?: unknown; isDestroyed?: () => boolean } | null | undefined;
  if (!wc || typeof wc.printToPDF !== 'function') return null;
  if (typeof wc.isDestroyed === 'function' && wc.isDestroyed()) return null;
  const print = wc.printToPDF as (options: PdfOptions) => Promise<Uint8Array>;
  return { printToPDF: (options) => print.call(wc, options) };
}

/** A safe file name that ends in .pdf (any other extension is replaced). */
export function pdfFileName(raw: unknown): string {
  const name = safeFileName(raw);
  const ext = path.extname(name);
  const stem = ext ? name.slice(0, -ext.length) : name;
  return `${stem || 'summary'}.pdf`;
}

/**
 * Shows the Save dialog (PDF filter), then renders the page to PDF and writes it. false when the
 * user cancels (nothing is rendered); a FilePickError with a message to show when it cannot save.
 */
export async function savePdf(deps: PdfDeps, request: unknown): Promise<boolean> {
  const { defaultName } = (request ?? {}) as { defaultName?: unknown };
  if (!deps.page) throw new FilePickError('Nothing to save.');
  const chosen = await deps.dialogs.showSaveDialog({
    title: 'Save as PDF',
    defaultPath: path.join(deps.downloadsDir, pdfFileName(defaultName)),
    filters: [{ name: 'PDF document', extensions: ['pdf'] }],
  });
  if (chosen.canceled || !chosen.filePath) return false;
  const target = path.extname(chosen.filePath).toLowerCase() === '.pdf' ? chosen.filePath : `${chosen.filePath}.pdf`;
  const bytes = await deps.page.printToPDF(PDF_OPTIONS);
  if (bytes.byteLength > SAVE_MAX_BYTES) throw new FilePickError('The PDF is too large to save.');
  await deps.fs.writeFile(target, bytes);
  return true;
}
