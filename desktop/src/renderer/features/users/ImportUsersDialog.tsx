import { useState } from 'react';
import { USER_ADMIN_LIMITS } from '@shared/schemas/user-admin';
import { USER_IMPORT_COLUMNS, userImportSampleCsv } from '@shared/schemas/user-csv';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { toApiError } from '../../lib/apiErrors';
import { saveFile } from '../../platform/files';
import { usePickFile } from '../../platform/usePickFile';
import { ProgressBar } from '../../components/ProgressBar';
import { useImportUsersMutation } from './usersApi';

export const SAMPLE_FILE_NAME = 'users-import-sample.csv';

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Import Users (docs/areas/users.md#screens): upload a CSV or spreadsheet (through the platform's file picker), with
 * a link to download the sample structure. The server creates or updates the users in one
 * transaction; its error text is shown as a toast (and here, so a long list of rows stays readable).
 */
export function ImportUsersDialog({ onClose }: { onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const [importUsers, { isLoading, error, reset }] = useImportUsersMutation();
  const csv = usePickFile('csv');

  const choose = async () => {
    const picked = await csv.pick();
    if (!picked) return;
    reset();
    setFile(picked);
    setTooLarge(picked.size > USER_ADMIN_LIMITS.importMaxBytes);
  };

  const start = async () => {
    if (!file || tooLarge) return;
    try {
      await importUsers(file).unwrap();
      onClose();
    } catch {
      // Shown below and as a toast (features/users/toasts.ts).
    }
  };

  const downloadSample = () =>
    void saveFile(SAMPLE_FILE_NAME, new Blob([userImportSampleCsv()], { type: 'text/csv;charset=utf-8' }));

  const footer = (
    <>
      <Button variant="secondary" onClick={onClose} disabled={isLoading}>
        Cancel
      </Button>
      <Button onClick={() => void start()} disabled={!file || tooLarge} loading={isLoading}>
        Import users
      </Button>
    </>
  );

  return (
    <Dialog open onClose={onClose} title="Import Users" footer={footer} size="lg">
      <div className="flex flex-col gap-4 text-sm text-gray-700">
        <p>
          Upload a CSV file or an Excel spreadsheet (.xlsx). Users are matched by email: new ones are created, existing
          ones updated; empty cells keep the current value and listed tags are added. Importing the same file twice
          changes nothing.
        </p>
        <p>
          Columns: <span className="font-mono text-xs">{USER_IMPORT_COLUMNS.join(', ')}</span> (tags separated by
          semicolons). Rows with an empty first column are skipped.{' '}
          <button type="button" className="font-medium text-brand-700 underline" onClick={downloadSample}>
            Download a sample file
          </button>
        </p>
        <div className="flex flex-wrap items-center gap-3 rounded-lg bg-gray-50 px-4 py-3">
          <Button variant="secondary" size="sm" onClick={() => void choose()} disabled={isLoading} data-autofocus>
            Upload CSV or spreadsheet
          </Button>
          {file ? (
            <p className="min-w-0 truncate" aria-live="polite">
              <span className="font-medium text-gray-900">{file.name}</span>{' '}
              <span className="text-gray-500">({formatBytes(file.size)})</span>
            </p>
          ) : (
            <p className="text-gray-500">No file chosen</p>
          )}
        </div>
        {csv.problem && <Banner kind="error">{csv.problem}</Banner>}
        {tooLarge && (
          <Banner kind="error">
            This file is larger than {formatBytes(USER_ADMIN_LIMITS.importMaxBytes)}. Split it and import each part.
          </Banner>
        )}
        {isLoading && file && (
          <ProgressBar showLabel="above" label={`Importing ${file.name}…`} detail={formatBytes(file.size)} />
        )}
        {error && !isLoading && <Banner kind="error">{toApiError(error).message}</Banner>}
      </div>
    </Dialog>
  );
}
