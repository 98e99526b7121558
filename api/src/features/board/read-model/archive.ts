import type { Knex } from 'knex';
import type { Role } from '@shared/limits';
import type { ArchivedCard } from '@shared/types';
import { iso } from '../../../core/dates';

/** The archive's reads (the writes are commands/archive.ts). */

/** The board owner of an archived card, for the policy check before the write. */
export async function findArchivedCardOwner(
  knex: Knex,
  id: number,
): Promise<{ id: number; owner_id: number; owner_role: Role } | undefined> {
  const result = await knex.raw<{ rows: Array<{ id: number; owner_id: number; owner_role: Role }> }>(
    `select c.id, c.archived_owner_id as owner_id, u.role as owner_role
       from mtn_cards c join users u on u.id = c.archived_owner_id
      where c.id = ? and c.archived_at is not null`,
    [id],
  );
  return result.rows[0];
}

/** The archived cards of `ownerId`'s board, newest first (at most 1,000). */
export async function readArchivedCards(knex: Knex, ownerId: number): Promise<ArchivedCard[]> {
  const result = await knex.raw<{
    rows: Array<{
      id: number;
      title: string;
      archived_at: Date | string;
      list_id: number | null;
      list_name: string | null;
    }>;
  }>(
    `select c.id, c.title, c.archived_at, l.id as list_id, l.name as list_name
       from mtn_cards c left join mtn_lists l on l.id = c.archived_list_id
      where c.archived_owner_id = ? and c.archived_at is not null
      order by c.archived_at desc, c.id desc
      limit 1000`,
    [ownerId],
  );
  return result.rows.map((r) => ({
    id: r.id,
    title: r.title,
    archivedAt: iso(r.archived_at),
    ListId: r.list_id,
    listName: r.list_name,
  }));
}
