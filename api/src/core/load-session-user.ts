import type { Knex } from 'knex';
import { USER_TAGS_JSON_SQL } from '../db/sql';
import type { UserRow } from '../models';
import { iso } from './dates';
import type { SessionUser } from './session-types';

export function toSessionUser(
  row: UserRow & { tags: Array<{ id: number; name: string }> | string },
  impersonator: SessionUser['impersonator'] = null,
): SessionUser {
  const tags = typeof row.tags === 'string' ? (JSON.parse(row.tags) as Array<{ id: number; name: string }>) : row.tags;
  return {
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    role: row.role,
    isAdmin: row.is_admin,
    photoUrl: row.photo_url,
    city: row.city,
    state: row.state,
    country: row.country,
    phoneNumber: row.phone_number,
    stripeStatus: row.stripe_status,
    stripeCustomerId: row.stripe_customer_id,
    alwaysGrantAccess: row.always_grant_access,
    position: row.position,
    createdAt: iso(row.created_at),
    welcomeSeenAt: row.welcome_seen_at ? iso(row.welcome_seen_at) : null,
    Tags: tags,
    impersonator,
  };
}

/** Loads a user with their tags in one query. */
export async function loadSessionUser(
  knex: Knex,
  userId: number,
  impersonatorId?: number,
): Promise<SessionUser | null> {
  const result = await knex.raw<{ rows: Array<UserRow & { tags: Array<{ id: number; name: string }> }> }>(
    `select u.*, ${USER_TAGS_JSON_SQL} as tags from users u where u.id = ?`,
    [userId],
  );
  const row = result.rows[0];
  if (!row) return null;
  let impersonator: SessionUser['impersonator'] = null;
  if (impersonatorId) {
    const imp = await knex('users')
      .select('id', 'full_name', 'email')
      .where({ id: impersonatorId })
      .first<Pick<UserRow, 'id' | 'full_name' | 'email'> | undefined>();
    if (imp) impersonator = { id: imp.id, fullName: imp.full_name, email: imp.email };
  }
  return toSessionUser(row, impersonator);
}
