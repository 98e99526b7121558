import { useCallback, useState } from 'react';
import { apiBaseUrl } from '../../platform/apiBaseUrl';
import { isApiErrorBody, NETWORK_ERROR_MESSAGE } from '../../lib/apiErrors';
import { useAppDispatch } from '../../app/hooks';
import { saveFile } from '../../platform/files';
import { usersExportFailed } from './usersApi';

export interface ExportProgress {
  /** Users received so far. */
  received: number;
  /** Users in the file (X-Total-Count), when the server said. */
  total: number | null;
}

/** Counts CSV records across chunks: line breaks outside quoted fields end a record. */
export function recordCounter() {
  let inQuotes = false;
  return (text: string): number => {
    let records = 0;
    for (let i = 0; i < text.length; i += 1) {
      const c = text.charCodeAt(i);
      if (c === 34) inQuotes = !inQuotes;
      else if (c === 10 && !inQuotes) records += 1;
    }
    return records;
  };
}

class ExportError extends Error {}

/**
 * GET /api/user/export, read as a stream so progress can be shown (records received of
 * X-Total-Count), returned as one CSV blob.
 */
export async function fetchUsersCsv(onProgress: (p: ExportProgress) => void): Promise<Blob> {
  let res: Response;
  try {
    res = await fetch(`${apiBaseUrl()}/api/user/export`, { credentials: 'include' });
  } catch {
    throw new ExportError(NETWORK_ERROR_MESSAGE);
  }
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    throw new ExportError(isApiErrorBody(body) ? body.error.message : `The download failed (HTTP ${res.status}).`);
  }
  const totalHeader = res.headers.get('X-Total-Count');
  const total = totalHeader !== null && /^\d+$/.test(totalHeader) ? Number(totalHeader) : null;
  const parts: Uint8Array[] = [];
  const count = recordCounter();
  const decoder = new TextDecoder();
  let records = 0;
  onProgress({ received: 0, total });
  if (res.body) {
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      records += count(decoder.decode(value, { stream: true }));
      onProgress({ received: Math.max(0, records - 1), total });
    }
  } else {
    const text = await res.text();
    parts.push(new TextEncoder().encode(text));
  }
  return new Blob(parts as BlobPart[], { type: 'text/csv;charset=utf-8' });
}

/** Download CSV (Options menu): progress while the file streams in, then the platform's save. */
export function useUsersExport() {
  const dispatch = useAppDispatch();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const start = useCallback(async () => {
    setProgress({ received: 0, total: null });
    try {
      const blob = await fetchUsersCsv(setProgress);
      await saveFile('users.csv', blob);
    } catch (err) {
      dispatch(usersExportFailed({ message: err instanceof ExportError ? err.message : 'The download failed.' }));
    } finally {
      setProgress(null);
    }
  }, [dispatch]);
  return { start, progress, running: progress !== null };
}
