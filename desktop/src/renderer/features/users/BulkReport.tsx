import { useId, useState } from 'react';
import type { BulkCsvReport, ValidateUsersCsvResponse } from '@shared/types';
import { cn } from '../../lib/cn';

/** The validation answer as docs/areas/users.md#data's "Bulk CSV report". */
export function toBulkCsvReport(res: ValidateUsersCsvResponse): BulkCsvReport {
  return { CSVFoundUsers: res.found, CSVDuplicateUsers: res.duplicates, CSVNotFoundUsers: res.notFound };
}

function ReportLine({ title, emails, tone }: { title: string; emails: string[]; tone: 'good' | 'warn' | 'bad' }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <li className="py-2">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-gray-800">
          <span
            className={cn(
              'mr-2 inline-flex min-w-8 justify-center rounded-full px-2 py-0.5 text-xs font-semibold',
              tone === 'good' && 'bg-green-50 text-green-700',
              tone === 'warn' && 'bg-amber-50 text-amber-800',
              tone === 'bad' && 'bg-red-50 text-red-700',
            )}
          >
            {emails.length}
          </span>
          {title}
        </p>
        {emails.length > 0 && (
          <button
            type="button"
            className="text-sm font-medium text-brand-700 hover:underline"
            aria-expanded={open}
            aria-controls={listId}
            aria-label={`${open ? 'Hide' : 'Show'} ${title.toLowerCase()} list`}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? 'Hide list' : 'Show list'}
          </button>
        )}
      </div>
      {open && (
        <ul
          id={listId}
          aria-label={title}
          className="mt-2 max-h-36 overflow-y-auto rounded-md bg-gray-50 px-3 py-2 font-mono text-xs text-gray-700"
        >
          {emails.map((e) => (
            <li key={e} className="truncate">
              {e}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** Not found, Duplicate emails and Found, each with a show/hide list (docs/areas/users.md#screens bulk update dialog). */
export function BulkReport({ report, fileName }: { report: BulkCsvReport; fileName: string }) {
  return (
    <section aria-label="CSV report" className="rounded-lg border border-gray-200 px-4 py-2">
      <p className="pt-1 text-xs text-gray-500">Report for {fileName}</p>
      <ul className="divide-y divide-gray-100">
        <ReportLine title="Not found" emails={report.CSVNotFoundUsers} tone="bad" />
        <ReportLine title="Duplicate emails" emails={report.CSVDuplicateUsers} tone="warn" />
        <ReportLine title="Found" emails={report.CSVFoundUsers} tone="good" />
      </ul>
    </section>
  );
}
