import { useCallback, useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { apiBaseUrl } from '../../platform/apiBaseUrl';
import { saveFile } from '../../platform/files';
import { isApiErrorBody, NETWORK_ERROR_MESSAGE } from '../../lib/apiErrors';
import { productsExportFailed } from './productsApi';

/** The file name of the export: products-YYYY-MM-DD.csv (the member's local date). */
export function productsCsvName(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `products-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/** GET /api/product/export.csv as one blob; throws an Error with a message to show. */
export async function fetchProductsCsv(): Promise<Blob> {
  let res: Response;
  try {
    res = await fetch(`${apiBaseUrl()}/api/product/export.csv`, { credentials: 'include' });
  } catch {
    throw new Error(NETWORK_ERROR_MESSAGE);
  }
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    throw new Error(isApiErrorBody(body) ? body.error.message : `The download failed (HTTP ${res.status}).`);
  }
  return new Blob([await res.arrayBuffer()], { type: 'text/csv;charset=utf-8' });
}

/** Download CSV: every product of the member with its scenarios and figures, saved by the platform. */
export function useProductsCsv() {
  const dispatch = useAppDispatch();
  const [running, setRunning] = useState(false);
  const start = useCallback(async () => {
    setRunning(true);
    try {
      await saveFile(productsCsvName(), await fetchProductsCsv());
    } catch (err) {
      dispatch(productsExportFailed({ message: err instanceof Error ? err.message : 'The download failed.' }));
    } finally {
      setRunning(false);
    }
  }, [dispatch]);
  return { start, running };
}
