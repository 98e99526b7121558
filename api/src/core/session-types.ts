import type { Principal } from '@shared/policies';
import type { Role } from '@shared/limits';

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
  welcomeSeenAt: string | null;
}
