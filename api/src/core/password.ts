import { hash, verify } from '@node-rs/argon2';

/** OWASP Password Storage: argon2id, m=19 MiB, t=2, p=1. (Algorithm.Argon2id is 2.) */
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize('NFC'), OPTIONS);
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies a password against a stored hash. Without a hash (unknown email, or an account with no
 * password) it still does the same work, so response time does not reveal whether an email exists.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  const candidate = password.normalize('NFC');
  if (!stored) {
    dummyHash ??= hashPassword('not-a-real-password-0123456789');
    await verify(await dummyHash, candidate).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, candidate);
  } catch {
    return false;
  }
}
