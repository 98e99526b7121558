import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { koaBody } from 'koa-body';
import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/node';
import { badRequest, HttpError, payloadTooLarge, unsupportedMediaType } from '../../core/errors';
import type { PortalContext } from '../../core/context';

export const IMPORT_MESSAGES = {
  noFile: 'Choose a CSV or spreadsheet (.xlsx) file to import.',
  wrongType: 'Upload a CSV file (UTF-8) or an Excel spreadsheet (.xlsx).',
  oldExcel: 'Old Excel files (.xls) are not supported. Save the sheet as .xlsx or .csv and try again.',
  badSpreadsheet: 'The spreadsheet could not be read. Save it again as .xlsx or .csv and try again.',
  unpackedTooLarge: 'The spreadsheet is too large once unpacked.',
  tooLarge: 'The file is too large.',
} as const;

interface UploadedFile {
  filepath: string;
  size: number;
  originalFilename?: string | null;
}

const TOO_LARGE_CODES = new Set([1016, 1009, 1006]);
const ACCEPTED_EXTENSIONS = new Set(['', '.csv', '.txt', '.xlsx']);
/** An .xlsx is a zip; its parts together may unpack to at most this much (zip bomb guard). */
const XLSX_MAX_UNPACKED_BYTES = 64 * 1024 * 1024;
const XLSX_MAX_ENTRIES = 2000;

/**
 * Receives the multipart field `file` of POST /api/user/import (koa-body parses multipart only
 * here, as uploads/routes.ts does) into a directory of this request only, removed before return.
 * Over the size limit 413; not multipart 415; anything malformed 400.
 */
export async function receiveImportFile(
  ctx: PortalContext,
  maxBytes: number,
): Promise<{ name: string; bytes: Uint8Array }> {
  const type = (ctx.get('Content-Type') || '').toLowerCase();
  if (!type.startsWith('multipart/form-data')) throw unsupportedMediaType(IMPORT_MESSAGES.wrongType);
  if (Number(ctx.get('Content-Length') || 0) > maxBytes + 64 * 1024) throw payloadTooLarge(IMPORT_MESSAGES.tooLarge);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-import-'));
  try {
    const parser = koaBody({
      multipart: true,
      json: false,
      urlencoded: false,
      text: false,
      formidable: { uploadDir: dir, maxFileSize: maxBytes, maxFiles: 1, maxFields: 5, allowEmptyFiles: false },
    });
    try {
      await parser(ctx, async () => {});
    } catch (err) {
      if (err instanceof HttpError) throw err;
      const code = (err as { code?: unknown }).code;
      if (typeof code === 'number' && TOO_LARGE_CODES.has(code)) throw payloadTooLarge(IMPORT_MESSAGES.tooLarge);
      throw badRequest(IMPORT_MESSAGES.noFile, { file: IMPORT_MESSAGES.noFile });
    }
    const files = ctx.request.files as Record<string, UploadedFile | UploadedFile[]> | undefined;
    const entry = files?.file;
    const file = Array.isArray(entry) ? entry[0] : entry;
    if (!file) throw badRequest(IMPORT_MESSAGES.noFile, { file: IMPORT_MESSAGES.noFile });
    if (file.size > maxBytes) throw payloadTooLarge(IMPORT_MESSAGES.tooLarge);
    const bytes = new Uint8Array(await fs.readFile(file.filepath));
    return { name: file.originalFilename ?? '', bytes };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];

/** Sums the unpacked sizes of a zip's entries from its central directory; null when malformed. */
export function zipUnpackedSize(bytes: Uint8Array): { entries: number; bytes: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i -= 1) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const entries = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  let total = 0;
  for (let n = 0; n < entries; n += 1) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50) return null;
    const size = view.getUint32(offset + 24, true);
    if (size === 0xffffffff) return { entries, bytes: Number.POSITIVE_INFINITY }; // ZIP64: too big for us
    total += size;
    offset +=
      46 + view.getUint16(offset + 28, true) + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
  }
  return { entries, bytes: total };
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

async function readXlsx(bytes: Uint8Array): Promise<string[][]> {
  const unpacked = zipUnpackedSize(bytes);
  if (!unpacked) throw badRequest(IMPORT_MESSAGES.badSpreadsheet);
  if (unpacked.bytes > XLSX_MAX_UNPACKED_BYTES || unpacked.entries > XLSX_MAX_ENTRIES) {
    throw payloadTooLarge(IMPORT_MESSAGES.unpackedTooLarge);
  }
  try {
    const rows = await readSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return rows.map((row) => row.map(cellText));
  } catch {
    throw badRequest(IMPORT_MESSAGES.badSpreadsheet);
  }
}

function readCsv(bytes: Uint8Array): string[][] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw unsupportedMediaType(IMPORT_MESSAGES.wrongType);
  }
  if (text.includes('\0')) throw unsupportedMediaType(IMPORT_MESSAGES.wrongType);
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  const parsed = Papa.parse<string[]>(text, { delimiter: ',', skipEmptyLines: 'greedy' });
  const quoteError = parsed.errors.find((e) => e.type === 'Quotes');
  if (quoteError) {
    const where = quoteError.row !== undefined ? ` (row ${quoteError.row + 1})` : '';
    throw badRequest(`The CSV file could not be read: ${quoteError.message}${where}.`);
  }
  return parsed.data;
}

/**
 * The rows of an import file, as text cells. What the file is comes from its content (a zip is
 * an .xlsx, UTF-8 text without NUL bytes is a CSV) and must agree with its name's extension;
 * anything else is a 415.
 */
export async function readImportRows(name: string, bytes: Uint8Array): Promise<string[][]> {
  const ext = path.extname(name).toLowerCase();
  if (ext === '.xls' || startsWith(bytes, OLE_MAGIC)) throw unsupportedMediaType(IMPORT_MESSAGES.oldExcel);
  if (!ACCEPTED_EXTENSIONS.has(ext)) throw unsupportedMediaType(IMPORT_MESSAGES.wrongType);
  const zip = startsWith(bytes, ZIP_MAGIC);
  if (zip !== (ext === '.xlsx') && ext !== '') throw unsupportedMediaType(IMPORT_MESSAGES.wrongType);
  return zip ? readXlsx(bytes) : readCsv(bytes);
}
