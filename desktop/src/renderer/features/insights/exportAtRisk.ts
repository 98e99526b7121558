import { useCallback, useState } from 'react';
import { MESSAGES } from '@shared/messages';
import { apiBaseUrl } from '../../platform/apiBaseUrl';
import { isApiErrorBody, NETWORK_ERROR_MESSAGE } from '../../lib/apiErrors';
import { saveFile } from '../../platform/files';

/** GET /api/insights/at-risk/export as one CSV blob (the server streams it in batches). */
export async function fetchAtRiskCsv(): Promise<Blob> {
  let res: Response;
  try {
    res = await fetch(`${apiBaseUrl()}/api/insights/at-risk/export`, { credentials: 'include' });
  } catch {
    throw new Error(NETWORK_ERROR_MESSAGE);
  }
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    throw new Error(isApiErrorBody(body) ? body.error.message : `The download failed (HTTP ${res.status}).`);
  }
  return new Blob([await res.text()], { type: 'text/csv;charset=utf-8' });
}

/** Export CSV: the file through the platform's save (a download on the web, a dialog on the desktop). */
export function useAtRiskExport() {
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = useCallback(async () => {
    setRunning(true);
    setError(null);
    try {
      await saveFile('members-at-risk.csv', await fetchAtRiskCsv());
    } catch (err) {
      setError(`${MESSAGES.insightsExportFailed} ${err instanceof Error ? err.message : ''}`.trim());
    } finally {
      setRunning(false);
    }
  }, []);
  return { start, running, error };
}
