import type { Knex } from 'knex';
import type { Principal } from '@shared/policies';
import type { Role } from '@shared/limits';
import { tagsJsonSql } from '../db/sql';

/** The signed-in user as loaded once per request: the policy principal plus profile fields. */
export interface SessionUser extends Principal {
  fullName: string;
  email: string;
  photoUrl: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  phoneNumber: string | null;
  stripeCustomerId: string | null;
  position: number;
  createdAt: string;
  role: Role;
  impersonator: { id: number; fullName: string; email: string } | null;
}

export interface UserRow {
  id: number;
  full_name: string;
  email: string;
  password_hash: string | null;
  role: Role;
  is_admin: boolean;
  photo_url: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  phone_number: string | null;
  stripe_status: string | null;
  stripe_customer_id: string | null;
  always_grant_access: boolean;
  position: number;
  created_at: Date | string;
  updated_at: Date | string;
}

/** A user's tags (users alias `u`) as a JSON array [{id, name}]. */
export const TAGS_JSON_SQL = tagsJsonSql('user_tags', 'user_id', 'u');

export function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

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
    `select u.*, ${TAGS_JSON_SQL} as tags from users u where u.id = ?`,
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
