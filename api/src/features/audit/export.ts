import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { csvLine } from '@shared/schemas';
import { auditActionLabel } from '@shared/types/audit';
import { presentAuditEntry, type AuditRow } from './presenter';
import { auditRows, type AuditSelection } from './service';

/** Rows per query while streaming audit-log.csv: memory stays flat whatever the log's size. */
export const AUDIT_EXPORT_BATCH_SIZE = 1000;

const BOM = '\uFEFF';

export const AUDIT_EXPORT_COLUMNS = [
  'id',
  'createdAt',
  'action',
  'actionName',
  'actorId',
  'actorName',
  'actorEmail',
  'targetId',
  'targetName',
  'targetEmail',
  'ip',
  'details',
] as const;

function toCells(row: AuditRow): Array<string | number | null> {
  const e = presentAuditEntry(row);
  return [
    e.id,
    e.createdAt,
    e.action,
    auditActionLabel(e.action),
    e.actor?.id ?? row.actor_id,
    e.actor?.fullName ?? null,
    e.actor?.email ?? null,
    e.target?.id ?? row.target_user_id,
    e.target?.fullName ?? null,
    e.target?.email ?? null,
    e.ip,
    JSON.stringify(e.details),
  ];
}

/**
 * audit-log.csv as a stream, as users.csv is: the header, then the matching entries newest
 * first, fetched in keyset batches (after the last row's (created_at, id)), each cell RFC
 * 4180-quoted and formula-escaped (csvLine), the details as their redacted JSON. No transaction is
 * held open while the client reads.
 */
export function auditCsvStream(knex: Knex, filters: AuditSelection, batchSize = AUDIT_EXPORT_BATCH_SIZE): Readable {
  async function* chunks(): AsyncGenerator<string> {
    yield BOM + csvLine(AUDIT_EXPORT_COLUMNS);
    let lastId: number | null = null;
    for (;;) {
      const q = auditRows(knex, filters).limit(batchSize);
      // The exact timestamp stays in the database (a JS Date would round its microseconds).
      if (lastId !== null) {
        q.whereRaw('(a.created_at, a.id) < (select l.created_at, l.id from audit_log l where l.id = ?)', [lastId]);
      }
      const rows = (await q) as AuditRow[];
      if (rows.length === 0) return;
      yield rows.map((r) => csvLine(toCells(r))).join('');
      lastId = rows[rows.length - 1]!.id;
      if (rows.length < batchSize) return;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
