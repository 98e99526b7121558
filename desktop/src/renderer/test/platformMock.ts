import { vi } from 'vitest';

class PickFileError extends Error {}

/** The platform module as the web build sees it (not desktop); pickFile is set per test. */
export const platform = {
  PickFileError,
  pickFile: vi.fn(async (_accept: 'image' | 'csv'): Promise<File | null> => null),
  saveFile: vi.fn(async (_name: string, _blob: Blob) => undefined),
  openExternal: vi.fn(async (_url: string) => undefined),
  printOrSavePdf: vi.fn(async (_name: string) => true),
  isDesktop: vi.fn(() => false),
};
