/**
 * Native file pickers. Only main opens dialogs and touches the disk: the renderer asks for a
 * kind of file and gets back {name, type, bytes}, never a path. The type comes from the content
 * (magic bytes), not from the file name, and sizes are checked before anything is read.
 */
import path from 'node:path';
import { IMAGE_UPLOAD_MAX_BYTES } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import type { PickAccept, PickedFile } from '../shared-ipc/contract';

export const SPREADSHEET_MAX_BYTES = 20 * 1024 * 1024;
export const SAVE_MAX_BYTES = 200 * 1024 * 1024;

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const XLS_TYPE = 'application/vnd.ms-excel';
export const UNKNOWN_TYPE = 'application/octet-stream';

export interface FileFilter {
  name: string;
  extensions: string[];
}

/** The dialog filters per kind of file (images; CSV and spreadsheets). */
export const PICK_FILTERS: Record<PickAccept, FileFilter[]> = {
  image: [{ name: 'Images', extensions: ['png', 'jpg', 'jpeg', 'gif', 'webp'] }],
  csv: [{ name: 'CSV or spreadsheet', extensions: ['csv', 'xlsx', 'xls'] }],
};

export const PICK_MAX_BYTES: Record<PickAccept, number> = {
  image: IMAGE_UPLOAD_MAX_BYTES,
  csv: SPREADSHEET_MAX_BYTES,
};

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

/** The image type told by the first bytes, or null when it is not a PNG, JPEG, GIF or WebP. */
export function sniffImageType(bytes: Uint8Array): string | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) ||
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38, 0x39, 0x61])
  ) {
    return 'image/gif';
  }
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  return null;
}

/**
 * The spreadsheet type told by the content: xlsx (a ZIP container), xls (an OLE compound file) or
 * CSV (text: no NUL bytes); null for anything else.
 */
export function sniffSpreadsheetType(bytes: Uint8Array): string | null {
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return XLSX_TYPE;
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return XLS_TYPE;
  if (bytes.length === 0) return null;
  return bytes.includes(0) ? null : 'text/csv';
}

/** The type main reports to the renderer: from the content, application/octet-stream when unknown. */
export function contentType(accept: PickAccept, bytes: Uint8Array): string {
  const sniffed = accept === 'image' ? sniffImageType(bytes) : sniffSpreadsheetType(bytes);
  return sniffed ?? UNKNOWN_TYPE;
}

export interface FileDialogs {
  showOpenDialog(options: {
    title?: string;
    filters: FileFilter[];
    properties: Array<'openFile'>;
  }): Promise<{ canceled: boolean; filePaths: string[] }>;
  showSaveDialog(options: {
    title?: string;
    defaultPath: string;
    filters: FileFilter[];
  }): Promise<{ canceled: boolean; filePath?: string }>;
}

export interface FileSystem {
  stat(file: string): Promise<{ size: number; isFile(): boolean }>;
  readFile(file: string): Promise<Uint8Array>;
  writeFile(file: string, data: Uint8Array): Promise<void>;
}

export interface FileDeps {
  dialogs: FileDialogs;
  fs: FileSystem;
  /** Folder the save dialog starts in (the user's Downloads). */
  downloadsDir: string;
}

/** A problem the user should read (the renderer receives the message). */
export class FilePickError extends Error {}

function parseAccept(options: unknown): PickAccept {
  const accept = (options as { accept?: unknown } | null)?.accept;
  if (accept === 'image' || accept === 'csv') return accept;
  throw new FilePickError('Unknown kind of file.');
}

/** Opens the native picker, then reads and checks the chosen file. null when cancelled. */
export async function pickFile(deps: FileDeps, options: unknown): Promise<PickedFile | null> {
  const accept = parseAccept(options);
  const chosen = await deps.dialogs.showOpenDialog({
    title: accept === 'image' ? 'Choose an image' : 'Choose a CSV or spreadsheet file',
    filters: PICK_FILTERS[accept],
    properties: ['openFile'],
  });
  const file = chosen.filePaths[0];
  if (chosen.canceled || !file) return null;
  const stat = await deps.fs.stat(file);
  if (!stat.isFile()) throw new FilePickError(accept === 'image' ? MESSAGES.unsupportedImage : 'Please choose a file.');
  if (stat.size > PICK_MAX_BYTES[accept]) throw new FilePickError(MESSAGES.fileTooLarge);
  const bytes = new Uint8Array(await deps.fs.readFile(file));
  if (bytes.byteLength > PICK_MAX_BYTES[accept]) throw new FilePickError(MESSAGES.fileTooLarge);
  return { name: path.basename(file), type: contentType(accept, bytes), bytes };
}

/** A file name safe on every platform: no folders, no reserved or control characters. */
export function safeFileName(raw: unknown): string {
  const base = typeof raw === 'string' ? (raw.split(/[\\/]/).pop() ?? '') : '';
  const cleaned = base
    .replace(/[<>:"|?*\u0000-\u001f\u007f]/g, '')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 200);
  return cleaned || 'download';
}

/** Shows the native save dialog and writes the bytes where the user chose; false when cancelled. */
export async function saveFile(deps: FileDeps, request: unknown): Promise<boolean> {
  const { defaultName, bytes } = (request ?? {}) as { defaultName?: unknown; bytes?: unknown };
  if (!(bytes instanceof Uint8Array)) throw new FilePickError('Nothing to save.');
  if (bytes.byteLength > SAVE_MAX_BYTES) throw new FilePickError(MESSAGES.fileTooLarge);
  const name = safeFileName(defaultName);
  const ext = path.extname(name).slice(1).toLowerCase();
  const chosen = await deps.dialogs.showSaveDialog({
    title: 'Save file',
    defaultPath: path.join(deps.downloadsDir, name),
    filters: ext
      ? [{ name: `${ext.toUpperCase()} file`, extensions: [ext] }]
      : [{ name: 'All files', extensions: ['*'] }],
  });
  if (chosen.canceled || !chosen.filePath) return false;
  await deps.fs.writeFile(chosen.filePath, bytes);
  return true;
}
