import { describe, expect, it, vi } from 'vitest';
import { FilePickError, SAVE_MAX_BYTES } from './files';
import { PDF_OPTIONS, pdfFileName, pdfPageOf, savePdf, type PdfDeps } from './pdf';

const PDF = new TextEncoder().encode('%PDF-1.7\n...%%EOF');

/** A page that renders `bytes`, and a Save dialog that answers `chosen` (null: cancelled). */
function deps(chosen: string | null, bytes: Uint8Array = PDF) {
  const written: Array<[string, Uint8Array]> = [];
  const page = { printToPDF: vi.fn(async () => bytes) };
  const d = {
    page,
    dialogs: {
      showSaveDialog: vi.fn(async () => (chosen === null ? { canceled: true } : { canceled: false, filePath: chosen })),
    },
    fs: {
      writeFile: vi.fn(async (p: string, data: Uint8Array) => {
        written.push([p, data]);
      }),
    },
    downloadsDir: '/home/u/Downloads',
  } satisfies PdfDeps;
  return { ...d, written };
}

describe('savePdf', () => {
  it('asks where to save (PDF filter, in Downloads), then writes the rendered page there', async () => {
    const d = deps('/home/u/Downloads/Garlic press summary.pdf');
    expect(await savePdf(d, { defaultName: 'Garlic press summary.pdf' })).toBe(true);
    expect(d.dialogs.showSaveDialog).toHaveBeenCalledWith({
      title: 'Save as PDF',
      defaultPath: '/home/u/Downloads/Garlic press summary.pdf',
      filters: [{ name: 'PDF document', extensions: ['pdf'] }],
    });
    expect(d.page.printToPDF).toHaveBeenCalledWith(PDF_OPTIONS);
    expect(d.written).toEqual([['/home/u/Downloads/Garlic press summary.pdf', PDF]]);
  });

  it('renders with the page backgrounds and the print stylesheet page size', () => {
    expect(PDF_OPTIONS).toMatchObject({ printBackground: true, preferCSSPageSize: true, pageSize: 'A4' });
  });

  it('renders and writes nothing when the user cancels', async () => {
    const d = deps(null);
    expect(await savePdf(d, { defaultName: 'x.pdf' })).toBe(false);
    expect(d.page.printToPDF).not.toHaveBeenCalled();
    expect(d.fs.writeFile).not.toHaveBeenCalled();
  });

  it('adds .pdf to a chosen name without it', async () => {
    const d = deps('/tmp/report');
    await savePdf(d, { defaultName: 'x.pdf' });
    expect(d.written[0]![0]).toBe('/tmp/report.pdf');
  });

  it('never takes a folder or an extension from the renderer', async () => {
    const d = deps(null);
    await savePdf(d, { defaultName: '../../etc/passwd' });
    await savePdf(d, { defaultName: 'summary.exe' });
    await savePdf(d, { defaultName: 42 });
    const asked = d.dialogs.showSaveDialog.mock.calls.map(
      (c) => (c as unknown as [{ defaultPath: string }])[0].defaultPath,
    );
    expect(asked).toEqual([
      '/home/u/Downloads/passwd.pdf',
      '/home/u/Downloads/summary.pdf',
      '/home/u/Downloads/download.pdf',
    ]);
  });

  it('refuses when the page is gone, and a PDF larger than the save limit', async () => {
    await expect(savePdf({ ...deps('/tmp/a.pdf'), page: null }, { defaultName: 'a.pdf' })).rejects.toBeInstanceOf(
      FilePickError,
    );
    const big = deps('/tmp/a.pdf', new Uint8Array(SAVE_MAX_BYTES + 1));
    await expect(savePdf(big, { defaultName: 'a.pdf' })).rejects.toThrow('The PDF is too large to save.');
    expect(big.fs.writeFile).not.toHaveBeenCalled();
  });
});

describe('pdfFileName', () => {
  it('keeps a safe name and makes it a .pdf', () => {
    expect(pdfFileName('Garlic press.pdf')).toBe('Garlic press.pdf');
    expect(pdfFileName('Garlic: press?')).toBe('Garlic press.pdf');
    expect(pdfFileName('.pdf')).toBe('pdf.pdf');
    expect(pdfFileName(undefined)).toBe('download.pdf');
  });
});

describe('pdfPageOf', () => {
  it('renders the live webContents that sent the request', async () => {
    const sender = { isDestroyed: () => false, printToPDF: vi.fn(async () => PDF) };
    const page = pdfPageOf(sender);
    expect(await page!.printToPDF(PDF_OPTIONS)).toBe(PDF);
    expect(sender.printToPDF).toHaveBeenCalledWith(PDF_OPTIONS);
  });

  it('has no page for a destroyed webContents or anything else', () => {
    expect(pdfPageOf({ isDestroyed: () => true, printToPDF: vi.fn() })).toBeNull();
    expect(pdfPageOf({})).toBeNull();
    expect(pdfPageOf(undefined)).toBeNull();
  });
});
