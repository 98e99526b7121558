import { BILLING_USER_FIELDS, canSeeBillingFields, type Principal } from '@shared/policies';
import type { CurrentUser, PublicUser, User } from '@shared/types';
import { iso } from '../../core/dates';
import type { SessionUser } from '../../core/session-types';
import type { UserRow } from '../../models';

type TagList = Array<{ id: number; name: string }>;
type ResourceList = Array<{ id: number; title: string }>;

export type UserRowWithRelations = UserRow & {
  tags?: TagList | string;
  resources?: ResourceList | string;
  /** The coach's id and name, where the query joined them (coach_json). */
  coach?: { id: number; fullName: string } | string | null;
};

const coachOf = (v: UserRowWithRelations['coach']) =>
  typeof v === 'string' ? (JSON.parse(v) as { id: number; fullName: string }) : (v ?? null);

const list = <T>(v: T[] | string | undefined): T[] => (typeof v === 'string' ? (JSON.parse(v) as T[]) : (v ?? []));

/**
 * A user as an admin or coach sees it, or the user sees themselves. A whitelist: no password
 * hash. The billing fields (stripeStatus, stripeCustomerId) only for those the shared policy
 * shows them to: role admin and the user themselves, never a coach.
 */
export function presentUser(row: UserRowWithRelations, viewer: Principal): User {
  const user = presentAll(row);
  if (canSeeBillingFields(viewer, row)) return user;
  for (const field of BILLING_USER_FIELDS) delete user[field];
  return user;
}

function presentAll(row: UserRowWithRelations): User {
  return {
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    role: row.role,
    photoUrl: row.photo_url,
    city: row.city,
    state: row.state,
    country: row.country,
    phoneNumber: row.phone_number,
    createdAt: iso(row.created_at),
    stripeStatus: row.stripe_status,
    stripeCustomerId: row.stripe_customer_id,
    alwaysGrantAccess: row.always_grant_access,
    isAdmin: row.is_admin,
    Tags: list(row.tags),
    Resources: list(row.resources),
    position: row.position,
    coachId: row.coach_id ?? null,
    ...(row.coach !== undefined ? { coach: coachOf(row.coach) } : {}),
  };
}

/** What members may see of each other: never email, phone or Stripe data. */
export function presentPublicUser(
  row: Pick<UserRow, 'id' | 'full_name' | 'photo_url' | 'city' | 'state' | 'country' | 'role'>,
): PublicUser {
  return {
    id: row.id,
    fullName: row.full_name,
    photoUrl: row.photo_url,
    city: row.city,
    state: row.state,
    country: row.country,
    role: row.role,
  };
}

export function presentCurrentUser(user: SessionUser): CurrentUser {
  return {
    id: user.id,
    fullName: user.fullName,
    email: user.email,
    role: user.role,
    photoUrl: user.photoUrl,
    city: user.city,
    state: user.state,
    country: user.country,
    phoneNumber: user.phoneNumber,
    createdAt: user.createdAt,
    stripeStatus: user.stripeStatus,
    stripeCustomerId: user.stripeCustomerId,
    alwaysGrantAccess: user.alwaysGrantAccess,
    isAdmin: user.isAdmin,
    Tags: [...user.Tags],
    Resources: [],
    position: user.position,
    impersonator: user.impersonator,
    welcomeSeenAt: user.welcomeSeenAt,
  };
}
