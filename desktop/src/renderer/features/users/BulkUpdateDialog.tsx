import { useReducer, useState } from 'react';
import { fillMessage, MESSAGES } from '@shared/messages';
import type { BulkStatusRole } from '@shared/policies/user-admin';
import type { BulkCsvReport, BulkTagAction } from '@shared/types';
import type { CsvCoachRow } from '@shared/schemas/user-csv';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { usePickFile } from '../../platform/usePickFile';
import { BulkReport, toBulkCsvReport } from './BulkReport';
import { CsvReadError, readBulkCsv } from './csvFile';
import { ProgressBar } from '../../components/ProgressBar';
import { TagPicker } from './TagPicker';
import { useBulkUpdateMutation, useValidateUsersCsvMutation } from './usersApi';

/** docs/areas/users.md#behaviour: preparing (reading and checking the CSV), then viewingReport; running while updating. */
export type BulkPhase = 'choosing' | 'preparing' | 'viewingReport' | 'running';

interface BulkState {
  phase: BulkPhase;
  fileName: string | null;
  report: BulkCsvReport | null;
  problem: string | null;
}

type BulkEvent =
  | { type: 'prepare'; fileName: string }
  | { type: 'reported'; report: BulkCsvReport }
  | { type: 'failed'; problem: string | null }
  | { type: 'run' }
  | { type: 'runFailed' };

export function bulkReducer(state: BulkState, event: BulkEvent): BulkState {
  switch (event.type) {
    case 'prepare':
      return { phase: 'preparing', fileName: event.fileName, report: null, problem: null };
    case 'reported':
      return { ...state, phase: 'viewingReport', report: event.report };
    case 'failed':
      return { ...state, phase: 'choosing', report: null, problem: event.problem };
    case 'run':
      return { ...state, phase: 'running' };
    case 'runFailed':
      return { ...state, phase: 'viewingReport' };
  }
}

const INITIAL: BulkState = { phase: 'choosing', fileName: null, report: null, problem: null };

function RadioGroup<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  disabled,
}: {
  legend: string;
  name: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (v: T) => void;
  disabled: boolean;
}) {
  return (
    <fieldset disabled={disabled}>
      <legend className="mb-1.5 text-sm font-medium text-gray-700">{legend}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-2 text-sm text-gray-800">
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              className="size-4 accent-brand-600"
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Update Users Tags/Status (docs/areas/users.md#screens, docs/areas/users.md#behaviour): choose add/remove tags (or neither) and the tags,
 * a status (Basic, Premium or none), upload a CSV of users, read the report, then 'Begin bulk
 * update'. On success the dialog closes and the user list reloads (cache invalidation).
 */
export function BulkUpdateDialog({ onClose }: { onClose: () => void }) {
  const [state, dispatch] = useReducer(bulkReducer, INITIAL);
  const [action, setAction] = useState<BulkTagAction | ''>('');
  const [tags, setTags] = useState<number[]>([]);
  const [role, setRole] = useState<BulkStatusRole | ''>('');
  // The CSV's coach column, sent as it is (the API checks every coach email; docs/areas/review.md#a-members-coach).
  const [coaches, setCoaches] = useState<CsvCoachRow[]>([]);
  const [validate] = useValidateUsersCsvMutation();
  const [bulkUpdate] = useBulkUpdateMutation();
  const csv = usePickFile('csv');
  const busy = state.phase === 'preparing' || state.phase === 'running';
  const found = state.report?.CSVFoundUsers ?? [];
  const somethingToDo = action ? tags.length > 0 : role !== '' || coaches.length > 0;
  const canBegin = state.phase === 'viewingReport' && found.length > 0 && somethingToDo;

  const uploadCsv = async () => {
    const file = await csv.pick();
    if (!file) return;
    dispatch({ type: 'prepare', fileName: file.name });
    let emails: string[];
    try {
      const read = await readBulkCsv(file);
      emails = read.emails;
      setCoaches(read.coaches);
    } catch (err) {
      dispatch({ type: 'failed', problem: err instanceof CsvReadError ? err.message : 'This file could not be read.' });
      return;
    }
    if (emails.length === 0) {
      dispatch({ type: 'failed', problem: 'No emails were found in this CSV file.' });
      return;
    }
    try {
      dispatch({ type: 'reported', report: toBulkCsvReport(await validate({ userEmails: emails }).unwrap()) });
    } catch {
      dispatch({ type: 'failed', problem: null }); // the toast says 'There was a problem validating CSV users.'
    }
  };

  const begin = async () => {
    if (!canBegin) return;
    dispatch({ type: 'run' });
    try {
      await bulkUpdate({
        userEmails: found,
        tags: action ? tags : [],
        availableAction: action || null,
        role: role || null,
        ...(coaches.length > 0 ? { coaches } : {}),
      }).unwrap();
      onClose();
    } catch {
      dispatch({ type: 'runFailed' });
    }
  };

  const footer = (
    <>
      <Button variant="secondary" onClick={onClose} disabled={state.phase === 'running'}>
        Cancel
      </Button>
      <Button onClick={() => void begin()} disabled={!canBegin} loading={state.phase === 'running'}>
        {state.phase === 'running' ? 'update in progress' : 'Begin bulk update'}
      </Button>
    </>
  );

  return (
    <Dialog open onClose={onClose} title="Update Users Tags/Status" size="lg" footer={footer}>
      <div className="flex flex-col gap-5">
        <RadioGroup
          legend="Tags"
          name="bulk-tag-action"
          value={action}
          disabled={busy}
          onChange={setAction}
          options={[
            { value: 'add', label: 'Add tags' },
            { value: 'remove', label: 'Remove tags' },
            { value: '', label: 'Do not change tags' },
          ]}
        />
        {action && (
          <TagPicker
            label={action === 'add' ? 'Tags to add' : 'Tags to remove'}
            selected={tags}
            onChange={setTags}
            disabled={busy}
          />
        )}
        <RadioGroup
          legend="Status"
          name="bulk-status"
          value={role}
          disabled={busy}
          onChange={setRole}
          options={[
            { value: 'basic', label: 'Basic' },
            { value: 'premium', label: 'Premium' },
            { value: '', label: 'No change' },
          ]}
        />
        <div className="flex flex-col gap-3 rounded-lg bg-gray-50 px-4 py-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-gray-700">
              A CSV of users: one email per row (a column headed <span className="font-mono">email</span>, or the first
              column).
            </p>
            <Button variant="secondary" size="sm" onClick={() => void uploadCsv()} disabled={busy}>
              {state.report ? 'Upload another CSV' : 'Upload CSV'}
            </Button>
          </div>
          {state.phase === 'preparing' && (
            <ProgressBar showLabel="above" label={`Checking ${state.fileName ?? 'the CSV'}…`} />
          )}
          {(csv.problem ?? state.problem) && <Banner kind="error">{csv.problem ?? state.problem}</Banner>}
        </div>
        {state.report && state.fileName && <BulkReport report={state.report} fileName={state.fileName} />}
        {state.report && coaches.length > 0 && (
          <p className="text-sm text-gray-700">{fillMessage(MESSAGES.bulkCoachColumn, { count: coaches.length })}</p>
        )}
        {state.phase === 'viewingReport' && found.length === 0 && (
          <Banner kind="warning">None of these emails belongs to a user, so there is nothing to update.</Banner>
        )}
        {state.phase === 'viewingReport' && found.length > 0 && !somethingToDo && (
          <p className="text-sm text-gray-600">Choose tags to add or remove, or a status, to begin.</p>
        )}
        {state.phase === 'running' && <ProgressBar showLabel="above" label={`Updating ${found.length} users…`} />}
      </div>
    </Dialog>
  );
}
