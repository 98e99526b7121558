import type { EditableUserField } from '@shared/policies';
import type { UserUpsertRequest } from '@shared/schemas';
import type { UserRow } from '../../models';

/** Request field -> users column, for the plain columns an editor may change. */
const COLUMNS: Partial<Record<EditableUserField, keyof UserRow>> = {
  fullName: 'full_name',
  email: 'email',
  role: 'role',
  alwaysGrantAccess: 'always_grant_access',
  city: 'city',
  state: 'state',
  country: 'country',
  phoneNumber: 'phone_number',
  photoUrl: 'photo_url',
  position: 'position',
  coachId: 'coach_id',
};

const FIELD_OF_COLUMN: Record<string, string> = {
  ...(Object.fromEntries(Object.entries(COLUMNS).map(([f, c]) => [c, f])) as Record<string, string>),
  is_admin: 'isAdmin',
};

/** A request body's own property (never one inherited through `__proto__`). */
export function ownValue(body: unknown, key: string): unknown {
  return body && typeof body === 'object' && !Array.isArray(body) && Object.prototype.hasOwnProperty.call(body, key)
    ? (body as Record<string, unknown>)[key]
    : undefined;
}

/**
 * The fields of `body` the actor may change (from the shared policy's list). Everything else sent
 * (role, isAdmin, stripe*, createdAt, `__proto__` ...) is dropped here, before validation, so it can
 * neither be stored nor cause a validation error.
 */
export function pickChanges(
  body: unknown,
  allowed: readonly EditableUserField[],
): Partial<Record<EditableUserField, unknown>> {
  const changes: Partial<Record<EditableUserField, unknown>> = {};
  for (const field of allowed) {
    const value = ownValue(body, field);
    if (value !== undefined) changes[field] = value;
  }
  return changes;
}

/**
 * The users columns to write for the validated `input`, limited to the fields in `changes`.
 * Tags, Resources and password are handled apart. A role set here also decides `is_admin`:
 * the admin flag (which lets an administrator switch roles) follows role admin, so demoting an
 * admin through the form really removes admin rights; isAdmin itself is never taken from a request.
 */
export function toColumns(
  input: UserUpsertRequest,
  changes: Partial<Record<EditableUserField, unknown>>,
  target: UserRow | undefined,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of Object.keys(changes) as EditableUserField[]) {
    const column = COLUMNS[field];
    if (column) values[column] = (input as Record<string, unknown>)[field] ?? null;
  }
  if (values.role === null) delete values.role;
  if (values.position === null) delete values.position;
  if (values.always_grant_access === null) delete values.always_grant_access;
  if (typeof values.role === 'string' && (!target || values.role !== target.role)) {
    values.is_admin = values.role === 'admin';
  }
  return values;
}

/** Names (the API's field names) of the columns whose value differs from the target's. */
export function changedFieldNames(target: UserRow | undefined, values: Record<string, unknown>): string[] {
  const names: string[] = [];
  for (const [column, value] of Object.entries(values)) {
    const field = FIELD_OF_COLUMN[column];
    if (!field) continue;
    if (!target || (target as unknown as Record<string, unknown>)[column] !== value) names.push(field);
  }
  return names;
}

/** Distinct tag ids of a validated Tags list. */
export function tagIdsOf(tags: UserUpsertRequest['Tags']): number[] {
  return [...new Set((tags ?? []).map((t) => t.id))];
}
