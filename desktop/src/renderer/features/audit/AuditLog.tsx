import { useRef, useState } from 'react';
import { MESSAGES } from '@shared/messages';
import { SEARCH_DEBOUNCE_MS } from '@shared/limits';
import { AUDIT_PER_PAGE_DEFAULT } from '@shared/schemas/audit';
import { AUDIT_ACTIONS, AUDIT_ACTION_LABELS, auditActionLabel, type AuditEntry, type AuditUser } from '@shared/types';
import { LoadError } from '../../components/Banner';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { SelectField } from '../../components/FormFields';
import { Pager } from '../../components/Pager';
import { Loading } from '../../components/Spinner';
import { Table, TBody, Td, Th, THead } from '../../components/Table';
import { TextField } from '../../components/TextField';
import { toApiError } from '../../lib/apiErrors';
import { formatDateTime } from '../../lib/dates';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { useNarrow } from '../../lib/useNarrow';
import { useGetAuditLogQuery, type AuditFilterParams } from './auditApi';
import { useAuditExport } from './exportAudit';
import { detailsSummary } from './summary';
import { Refreshing } from '../../components/Refreshing';

/** Below this width (px of the list's column) the table would scroll: the entries show as cards. */
export const AUDIT_TABLE_MIN_WIDTH = 860;

/** A read younger than this is shown as it is on opening the screen; an older one is asked again. */
const AUDIT_FRESH_SECONDS = 5;

/** Actions by readable name, for the select. */
const ACTION_OPTIONS = [...AUDIT_ACTIONS].sort((a, b) => AUDIT_ACTION_LABELS[a].localeCompare(AUDIT_ACTION_LABELS[b]));

/** The start of a local day (YYYY-MM-DD from a date input), `days` later, as an ISO instant. */
export function localDayStart(day: string, days = 0): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const d = new Date(`${day}T00:00:00`);
  if (Number.isNaN(d.getTime())) return undefined;
  d.setDate(d.getDate() + days);
  return d.toISOString();
}

const when = formatDateTime;

function Person({ user, fallback }: { user: AuditUser | null; fallback: string }) {
  if (!user) return <span className="text-gray-500">{fallback}</span>;
  return (
    <span className="flex min-w-0 flex-col">
      <span className="font-medium [overflow-wrap:anywhere] text-gray-900">{user.fullName}</span>
      <span className="text-xs [overflow-wrap:anywhere] text-gray-600">
        {user.email} · #{user.id}
      </span>
    </span>
  );
}

/** The details in one line, and as written behind a native disclosure (keyboard: Enter/Space). */
function Details({ entry }: { entry: AuditEntry }) {
  const summary = detailsSummary(entry.details);
  if (!summary) return <span className="text-gray-500">{MESSAGES.auditNoUser}</span>;
  return (
    <div className="min-w-0">
      <p className="break-words">{summary}</p>
      <details className="mt-1 text-xs">
        <summary className="cursor-pointer text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500">
          As written
        </summary>
        <pre className="mt-1 max-w-full overflow-x-auto rounded bg-gray-50 p-2 whitespace-pre-wrap [overflow-wrap:anywhere] text-gray-800">
          {JSON.stringify(entry.details, null, 2)}
        </pre>
      </details>
    </div>
  );
}

/** Who an entry is about: the target user, or who a deleted account was (details.email). */
function targetFallback(entry: AuditEntry): string {
  if (entry.action === 'user.delete' && typeof entry.details.email === 'string') {
    return `${MESSAGES.auditDeletedUser} (${entry.details.email})`;
  }
  return MESSAGES.auditNoUser;
}

function EntryTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <Table caption={MESSAGES.auditLogTitle}>
      <THead>
        <Th>When, IP</Th>
        <Th>Action</Th>
        <Th>Actor</Th>
        <Th>Target</Th>
        <Th>Details</Th>
      </THead>
      <TBody>
        {entries.map((e) => (
          <tr key={e.id}>
            <Td className="whitespace-nowrap">
              <time dateTime={e.createdAt}>{when(e.createdAt)}</time>
              <span className="block text-xs text-gray-600">{e.ip ?? MESSAGES.auditNoUser}</span>
            </Td>
            <Td className="min-w-36 font-medium text-gray-900">{auditActionLabel(e.action)}</Td>
            <Td className="min-w-40">
              <Person user={e.actor} fallback={MESSAGES.auditNoUser} />
            </Td>
            <Td className="min-w-40">
              <Person user={e.target} fallback={targetFallback(e)} />
            </Td>
            <Td className="min-w-64">
              <Details entry={e} />
            </Td>
          </tr>
        ))}
      </TBody>
    </Table>
  );
}

function EntryCards({ entries }: { entries: AuditEntry[] }) {
  return (
    <ul aria-label={MESSAGES.auditLogTitle} className="grid gap-3">
      {entries.map((e) => (
        <li
          key={e.id}
          aria-label={`${auditActionLabel(e.action)}, ${when(e.createdAt)}`}
          className="flex flex-col gap-2 rounded-xl border border-gray-200 bg-white p-4 text-sm shadow-xs"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="font-semibold text-gray-900">{auditActionLabel(e.action)}</span>
            <time dateTime={e.createdAt} className="text-gray-600">
              {when(e.createdAt)}
            </time>
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5">
            <dt className="text-gray-600">Actor</dt>
            <dd className="min-w-0">
              <Person user={e.actor} fallback={MESSAGES.auditNoUser} />
            </dd>
            <dt className="text-gray-600">Target</dt>
            <dd className="min-w-0">
              <Person user={e.target} fallback={targetFallback(e)} />
            </dd>
            <dt className="text-gray-600">Details</dt>
            <dd className="min-w-0">
              <Details entry={e} />
            </dd>
            <dt className="text-gray-600">IP</dt>
            <dd>{e.ip ?? MESSAGES.auditNoUser}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** /audit-log (role admin, docs/areas/audit.md): who did what, filtered and paged, newest first; read-only. */
export function AuditLog() {
  const [actor, setActor] = useState('');
  const [target, setTarget] = useState('');
  const [action, setAction] = useState('');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const debouncedActor = useDebouncedValue(actor.trim(), SEARCH_DEBOUNCE_MS);
  const debouncedTarget = useDebouncedValue(target.trim(), SEARCH_DEBOUNCE_MS);
  const reversed = fromDay !== '' && toDay !== '' && toDay < fromDay;

  const filters: AuditFilterParams = {
    actor: debouncedActor || undefined,
    target: debouncedTarget || undefined,
    action: action || undefined,
    from: localDayStart(fromDay),
    to: localDayStart(toDay, 1),
  };
  // The page belongs to one set of filters; new filters start again at page 1.
  const filterKey = JSON.stringify(filters);
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;

  const { data, error, isLoading, isFetching, refetch } = useGetAuditLogQuery(
    { ...filters, page, itemsPerPage: AUDIT_PER_PAGE_DEFAULT },
    // Each visit asks again, unless the page's start has just read it (app/screenStarts.ts).
    { skip: reversed, refetchOnMountOrArgChange: AUDIT_FRESH_SECONDS },
  );
  const exporter = useAuditExport();
  const box = useRef<HTMLDivElement>(null);
  const narrow = useNarrow(box, AUDIT_TABLE_MIN_WIDTH);
  const anyFilter = Boolean(actor || target || action || fromDay || toDay);

  const clear = () => {
    setActor('');
    setTarget('');
    setAction('');
    setFromDay('');
    setToDay('');
  };

  let body;
  if (reversed) body = null;
  else if (isLoading) body = <Loading label="Loading the audit log…" />;
  else if (error && !data)
    body = (
      <LoadError onRetry={() => void refetch()}>
        {MESSAGES.auditLogError} {toApiError(error).message}
      </LoadError>
    );
  else if (!data || data.entries.length === 0) body = <EmptyState title={MESSAGES.auditLogEmpty} />;
  else
    body = (
      <Refreshing busy={isFetching}>
        {narrow ? <EntryCards entries={data.entries} /> : <EntryTable entries={data.entries} />}
        <Pager
          page={page}
          perPage={AUDIT_PER_PAGE_DEFAULT}
          totalCount={data.total}
          onPageChange={(p) => setPaging({ key: filterKey, page: p })}
          disabled={isFetching}
          label="Audit log pages"
        />
      </Refreshing>
    );

  return (
    <div>
      <PageHeader
        title={MESSAGES.auditLogTitle}
        description={MESSAGES.auditLogDescription}
        actions={
          <Button
            variant="secondary"
            loading={exporter.running}
            disabled={reversed}
            onClick={() => void exporter.start(filters)}
          >
            {MESSAGES.auditExportCsv}
          </Button>
        }
      />
      <form
        role="search"
        aria-label="Filter the audit log"
        className="mb-4 grid gap-3 rounded-xl border border-gray-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3"
        onSubmit={(e) => e.preventDefault()}
      >
        <TextField
          label={MESSAGES.auditActorLabel}
          type="search"
          value={actor}
          maxLength={200}
          onChange={(e) => setActor(e.target.value)}
        />
        <SelectField label={MESSAGES.auditActionLabel} value={action} onChange={(e) => setAction(e.target.value)}>
          <option value="">{MESSAGES.auditAnyAction}</option>
          {ACTION_OPTIONS.map((a) => (
            <option key={a} value={a}>
              {AUDIT_ACTION_LABELS[a]}
            </option>
          ))}
        </SelectField>
        <TextField
          label={MESSAGES.auditTargetLabel}
          type="search"
          value={target}
          maxLength={200}
          onChange={(e) => setTarget(e.target.value)}
        />
        <TextField
          label={MESSAGES.auditFromLabel}
          type="date"
          value={fromDay}
          onChange={(e) => setFromDay(e.target.value)}
        />
        <TextField
          label={MESSAGES.auditToLabel}
          type="date"
          value={toDay}
          error={reversed ? MESSAGES.dateRangeOrder : undefined}
          onChange={(e) => setToDay(e.target.value)}
        />
        <div className="flex items-end">
          <Button type="button" variant="ghost" disabled={!anyFilter} onClick={clear}>
            {MESSAGES.auditClearFilters}
          </Button>
        </div>
      </form>
      <div ref={box}>{body}</div>
    </div>
  );
}
