import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { IMAGE_UPLOAD_MAX_BYTES } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import {
  FilePickError,
  PICK_FILTERS,
  UNKNOWN_TYPE,
  XLS_TYPE,
  XLSX_TYPE,
  pickFile,
  safeFileName,
  saveFile,
  sniffImageType,
  sniffSpreadsheetType,
  type FileDeps,
} from './files';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const GIF = new TextEncoder().encode('GIF89a......');
const WEBP = new Uint8Array([...new TextEncoder().encode('RIFF'), 0, 0, 0, 0, ...new TextEncoder().encode('WEBPVP8 ')]);
const XLSX = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0]);
const XLS = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]);
const CSV = new TextEncoder().encode('email,fullName\n"a@b.c","Ann, B"\n');

/** A file system with one file and a dialog that picks it (or is cancelled). */
function deps(file: { name: string; bytes: Uint8Array; size?: number } | null, opts: { isFile?: boolean } = {}) {
  const written: Array<[string, Uint8Array]> = [];
  const d = {
    dialogs: {
      showOpenDialog: vi.fn(async () =>
        file ? { canceled: false, filePaths: [`/home/u/${file.name}`] } : { canceled: true, filePaths: [] },
      ),
      showSaveDialog: vi.fn(async (o: { defaultPath: string }) => ({ canceled: false, filePath: o.defaultPath })),
    },
    fs: {
      stat: vi.fn(async () => ({ size: file?.size ?? file?.bytes.byteLength ?? 0, isFile: () => opts.isFile ?? true })),
      readFile: vi.fn(async () => file!.bytes),
      writeFile: vi.fn(async (p: string, data: Uint8Array) => {
        written.push([p, data]);
      }),
    },
    downloadsDir: '/home/u/Downloads',
  } satisfies FileDeps;
  return { ...d, written };
}

describe('picker filters', () => {
  it('offers images and CSV/spreadsheets only', () => {
    expect(PICK_FILTERS.image).toEqual([{ name: 'Images', extensions: ['png', 'jpg', 'jpeg', 'gif', 'webp'] }]);
    expect(PICK_FILTERS.csv).toEqual([{ name: 'CSV or spreadsheet', extensions: ['csv', 'xlsx', 'xls'] }]);
  });

  it('opens the dialog with the filter of the asked kind, single file', async () => {
    const d = deps({ name: 'me.png', bytes: PNG });
    await pickFile(d, { accept: 'image' });
    expect(d.dialogs.showOpenDialog).toHaveBeenCalledWith(
      expect.objectContaining({ filters: PICK_FILTERS.image, properties: ['openFile'] }),
    );
  });

  it('refuses an unknown kind before any dialog opens', async () => {
    const d = deps({ name: 'me.png', bytes: PNG });
    await expect(pickFile(d, { accept: 'exe' })).rejects.toBeInstanceOf(FilePickError);
    await expect(pickFile(d, null)).rejects.toBeInstanceOf(FilePickError);
    expect(d.dialogs.showOpenDialog).not.toHaveBeenCalled();
  });
});

describe('magic bytes', () => {
  it.each([
    [PNG, 'image/png'],
    [JPEG, 'image/jpeg'],
    [GIF, 'image/gif'],
    [WEBP, 'image/webp'],
  ])('tells images by content (%#)', (bytes, type) => {
    expect(sniffImageType(bytes)).toBe(type);
  });

  it('does not take HTML, SVG, text or a truncated header for an image', () => {
    for (const text of ['<html><script>alert(1)</script>', '<svg onload="x"/>', 'hello', '']) {
      expect(sniffImageType(new TextEncoder().encode(text))).toBeNull();
    }
    expect(sniffImageType(PNG.slice(0, 4))).toBeNull();
  });

  it('tells xlsx, xls and CSV apart and refuses binary data as CSV', () => {
    expect(sniffSpreadsheetType(XLSX)).toBe(XLSX_TYPE);
    expect(sniffSpreadsheetType(XLS)).toBe(XLS_TYPE);
    expect(sniffSpreadsheetType(CSV)).toBe('text/csv');
    expect(sniffSpreadsheetType(PNG)).toBeNull();
    expect(sniffSpreadsheetType(new Uint8Array())).toBeNull();
  });
});

describe('pickFile', () => {
  it('returns name, content type and bytes, never the path', async () => {
    const picked = await pickFile(deps({ name: 'me.png', bytes: PNG }), { accept: 'image' });
    expect(picked).toEqual({ name: 'me.png', type: 'image/png', bytes: PNG });
    expect(JSON.stringify(Object.keys(picked!))).not.toContain('path');
  });

  it('reports the type from the content even when the name lies', async () => {
    const html = new TextEncoder().encode('<script>alert(1)</script>');
    const picked = await pickFile(deps({ name: 'cat.png', bytes: html }), { accept: 'image' });
    expect(picked!.type).toBe(UNKNOWN_TYPE);
    const jpegNamedPng = await pickFile(deps({ name: 'cat.png', bytes: JPEG }), { accept: 'image' });
    expect(jpegNamedPng!.type).toBe('image/jpeg');
  });

  it('refuses an image above the upload limit before reading it', async () => {
    const d = deps({ name: 'big.png', bytes: PNG, size: IMAGE_UPLOAD_MAX_BYTES + 1 });
    await expect(pickFile(d, { accept: 'image' })).rejects.toThrow(MESSAGES.fileTooLarge);
    expect(d.fs.readFile).not.toHaveBeenCalled();
  });

  it('refuses a file that grew past the limit while it was read', async () => {
    const d = deps({ name: 'grow.png', bytes: new Uint8Array(IMAGE_UPLOAD_MAX_BYTES + 1), size: 10 });
    await expect(pickFile(d, { accept: 'image' })).rejects.toThrow(MESSAGES.fileTooLarge);
  });

  it('refuses something that is not a regular file', async () => {
    await expect(pickFile(deps({ name: 'dev', bytes: PNG }, { isFile: false }), { accept: 'image' })).rejects.toThrow();
  });

  it('returns null when the dialog is cancelled', async () => {
    expect(await pickFile(deps(null), { accept: 'csv' })).toBeNull();
  });

  it('returns a CSV as text/csv and an xlsx with its spreadsheet type', async () => {
    expect((await pickFile(deps({ name: 'users.csv', bytes: CSV }), { accept: 'csv' }))!.type).toBe('text/csv');
    expect((await pickFile(deps({ name: 'users.xlsx', bytes: XLSX }), { accept: 'csv' }))!.type).toBe(XLSX_TYPE);
  });
});

describe('saveFile', () => {
  it('starts in Downloads with a safe name and writes where the user chose', async () => {
    const d = deps(null);
    const bytes = new TextEncoder().encode('a,b\n');
    expect(await saveFile(d, { defaultName: 'users.csv', bytes })).toBe(true);
    expect(d.dialogs.showSaveDialog).toHaveBeenCalledWith(
      expect.objectContaining({
        defaultPath: path.join('/home/u/Downloads', 'users.csv'),
        filters: [{ name: 'CSV file', extensions: ['csv'] }],
      }),
    );
    expect(d.written).toEqual([[path.join('/home/u/Downloads', 'users.csv'), bytes]]);
  });

  it('returns false and writes nothing when the dialog is cancelled', async () => {
    const d = deps(null);
    d.dialogs.showSaveDialog.mockResolvedValueOnce({ canceled: true, filePath: '' });
    expect(await saveFile(d, { defaultName: 'x.csv', bytes: new Uint8Array([1]) })).toBe(false);
    expect(d.written).toEqual([]);
  });

  it('refuses a request without bytes', async () => {
    await expect(saveFile(deps(null), { defaultName: 'x.csv', bytes: 'abc' })).rejects.toBeInstanceOf(FilePickError);
    await expect(saveFile(deps(null), null)).rejects.toBeInstanceOf(FilePickError);
  });

  it('strips folders, reserved and control characters from the suggested name', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('..\\..\\win.ini')).toBe('win.ini');
    expect(safeFileName('a<b>:c"|?*\u0001.csv')).toBe('abc.csv');
    expect(safeFileName('...')).toBe('download');
    expect(safeFileName(42)).toBe('download');
  });
});
