import { useCallback, useState } from 'react';
import { MESSAGES } from '@shared/messages';
import { apiBaseUrl } from '../../platform/apiBaseUrl';
import { isApiErrorBody, NETWORK_ERROR_MESSAGE } from '../../lib/apiErrors';
import { useAppDispatch } from '../../app/hooks';
import { saveFile } from '../../platform/files';
import { auditExportFailed, definedParams, type AuditFilterParams } from './auditApi';

class ExportError extends Error {}

/** GET /api/audit/export with the screen's filters, as one CSV blob. */
export async function fetchAuditCsv(filters: AuditFilterParams): Promise<Blob> {
  const query = new URLSearchParams(
    Object.entries(definedParams(filters)).map(([k, v]) => [k, String(v)] as [string, string]),
  ).toString();
  let res: Response;
  try {
    res = await fetch(`${apiBaseUrl()}/api/audit/export${query ? `?${query}` : ''}`, { credentials: 'include' });
  } catch {
    throw new ExportError(NETWORK_ERROR_MESSAGE);
  }
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    throw new ExportError(isApiErrorBody(body) ? body.error.message : `The download failed (HTTP ${res.status}).`);
  }
  return new Blob([await res.arrayBuffer()], { type: 'text/csv;charset=utf-8' });
}

/** Export CSV: the filtered log, saved the platform's way; a failure is a toast (toasts.ts). */
export function useAuditExport() {
  const dispatch = useAppDispatch();
  const [running, setRunning] = useState(false);
  const start = useCallback(
    async (filters: AuditFilterParams) => {
      setRunning(true);
      try {
        await saveFile('audit-log.csv', await fetchAuditCsv(filters));
      } catch (err) {
        dispatch(auditExportFailed({ message: err instanceof ExportError ? err.message : MESSAGES.auditExportFailed }));
      } finally {
        setRunning(false);
      }
    },
    [dispatch],
  );
  return { start, running };
}
