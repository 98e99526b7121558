import type { Knex } from 'knex';

/** A user's owned resources as a JSON array [{id, title}] (users alias `u`), for the user presenter. */
export const RESOURCES_JSON_SQL = `coalesce((select json_agg(json_build_object('id', r.id, 'title', r.title) order by lower(r.title), r.id)
  from user_resources ur join resources r on r.id = ur.resource_id where ur.user_id = u.id), '[]'::json)`;

/**
 * Sets the resources a user owns to exactly `resourceIds` (the admin form's Owned Resources),
 * inside the caller's transaction: resources taken off are removed, new ones added as given by an
 * admin, and ones kept keep how they were got (a purchase stays a purchase). Unknown ids are
 * ignored. Returns whether anything changed.
 */
export async function replaceOwnedResources(
  trx: Knex.Transaction,
  userId: number,
  resourceIds: readonly number[],
): Promise<boolean> {
  const wanted = resourceIds.length
    ? (
        await trx('resources')
          .select<Array<{ id: number }>>('id')
          .whereIn('id', [...new Set(resourceIds)])
      ).map((r) => r.id)
    : [];
  const removed = await trx('user_resources').where({ user_id: userId }).whereNotIn('resource_id', wanted).del();
  let added = 0;
  if (wanted.length) {
    const inserted = await trx('user_resources')
      .insert(wanted.map((resourceId) => ({ user_id: userId, resource_id: resourceId, source: 'admin' })))
      .onConflict(['user_id', 'resource_id'])
      .ignore()
      .returning<Array<{ resource_id: number }>>('resource_id');
    added = inserted.length;
  }
  return removed > 0 || added > 0;
}
