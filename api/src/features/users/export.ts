import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { csvLine, TAG_SEPARATOR, USER_EXPORT_COLUMNS } from '@shared/schemas';
import { audit } from '../../core/audit';
import { iso } from '../../core/dates';
import type { User } from '../../models';

/** Rows per query while streaming users.csv: memory stays flat whatever the table size. */
export const EXPORT_BATCH_SIZE = 1000;

/** A UTF-8 byte order mark, so spreadsheet programs read accents correctly; the importer skips it. */
const BOM = '\uFEFF';

type ExportRow = Pick<
  User,
  | 'id'
  | 'full_name'
  | 'email'
  | 'role'
  | 'city'
  | 'state'
  | 'country'
  | 'phone_number'
  | 'stripe_status'
  | 'stripe_customer_id'
  | 'always_grant_access'
  | 'created_at'
> & { tag_names: string };

const TAG_NAMES_SQL = `coalesce((select string_agg(t.name, '${TAG_SEPARATOR}' order by lower(t.name))
  from user_tags ut join tags t on t.id = ut.tag_id where ut.user_id = u.id), '')`;

function toCells(r: ExportRow): Array<string | number | boolean | null> {
  return [
    r.id,
    r.full_name,
    r.email,
    r.role,
    r.city,
    r.state,
    r.country,
    r.phone_number,
    r.stripe_status,
    r.stripe_customer_id,
    r.always_grant_access,
    iso(r.created_at),
    r.tag_names,
  ];
}

export async function countUsers(knex: Knex): Promise<number> {
  const row = await knex('users').count<Array<{ count: number | string }>>('* as count').first();
  return Number(row?.count ?? 0);
}

/** Who downloaded everyone's contact details, and when: the export's audit row. */
export async function auditExport(trx: Knex.Transaction, users: number, by: { actorId: number; ip: string }) {
  await audit(trx, { ...by, action: 'user.export', details: { users } });
}

/**
 * users.csv as a stream: the header, then the users in id order, fetched in keyset batches
 * (`id > last`), each cell RFC 4180-quoted and formula-escaped. No transaction is held open
 * while the client reads, so a slow download never blocks other requests.
 */
export function usersCsvStream(knex: Knex, batchSize = EXPORT_BATCH_SIZE): Readable {
  async function* chunks(): AsyncGenerator<string> {
    yield BOM + csvLine(USER_EXPORT_COLUMNS);
    let lastId = 0;
    for (;;) {
      const result = await knex.raw<{ rows: ExportRow[] }>(
        `select u.id, u.full_name, u.email, u.role, u.city, u.state, u.country, u.phone_number,
                u.stripe_status, u.stripe_customer_id, u.always_grant_access, u.created_at,
                ${TAG_NAMES_SQL} as tag_names
         from users u where u.id > ? order by u.id limit ?`,
        [lastId, batchSize],
      );
      const rows = result.rows;
      if (rows.length === 0) return;
      yield rows.map((r) => csvLine(toCells(r))).join('');
      lastId = rows[rows.length - 1]!.id;
      if (rows.length < batchSize) return;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
