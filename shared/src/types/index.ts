import type { Role } from '../limits';

export type { Role };

/** docs/areas/users.md#data Tag. */
export interface Tag {
  id: number;
  name: string;
  /** Tags an admin opened to sign-up links (?signuptags=) may be attached at sign-up. */
  openForSignup?: boolean;
}

export interface ResourceRef {
  id: number;
  title: string;
}

/** docs/areas/users.md#data User as the API sends it to an admin (or to the user about themselves). */
export interface User {
  id: number;
  fullName: string;
  email: string;
  role: Role;
  photoUrl: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  phoneNumber: string | null;
  createdAt: string;
  /** Billing fields: absent when the viewer may not see them (a coach; policies/user-scope.ts). */
  stripeStatus?: string | null;
  stripeCustomerId?: string | null;
  alwaysGrantAccess: boolean;
  isAdmin: boolean;
  Tags: Tag[];
  Resources: ResourceRef[];
  position: number;
  /** The member's coach (docs/areas/review.md#a-members-coach): its id, or null; absent on the signed-in user's own record. */
  coachId?: number | null;
  /** The coach's name where a list shows it (the User Dashboard). */
  coach?: { id: number; fullName: string } | null;
}

/** A user who may coach members (role coach or admin), as the user form's Coach select lists them. */
export interface CoachOption {
  id: number;
  fullName: string;
  role: Role;
}

/** The signed-in user, plus who is impersonating them (sign in as). */
export interface CurrentUser extends User {
  stripeStatus: string | null;
  stripeCustomerId: string | null;
  impersonator: { id: number; fullName: string; email: string } | null;
  /** When the board's welcome video was first closed (shown once per account), or null. */
  welcomeSeenAt: string | null;
}

/** What members may see of each other (community search). */
export interface PublicUser {
  id: number;
  fullName: string;
  photoUrl: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  role: Role;
}

export interface UserListResponse<U = User> {
  users: U[];
  totalCount: number;
  premiumCount: number;
  basicCount: number;
}

export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

export * from './user-admin';
export * from './products';
export * from './qualifier';
export * from './courses';
export * from './board';
export * from './banners';
export * from './ai-tools';
export * from './resources';
export * from './settings';
export * from './notifications';
export * from './live';
export * from './review';
export * from './audit';
export * from './analytics';
export * from './insights';
export * from './jobs';
export * from './fees';
export * from './calendar';
export * from './playbooks';
export * from './search';
export * from './community';
export * from './first-run';
