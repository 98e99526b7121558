import { AUDIT_REDACTED, type AuditEntry, type AuditUser } from '@shared/types/audit';
import { iso } from '../../core/dates';
import type { ModelObject } from 'objection';
import type { AuditLogEntry, User } from '../../models';

/** One row of AUDIT_ROW_COLUMNS: the audit_log columns, with the names of the actor and the target user. */
export type AuditRow = Omit<ModelObject<AuditLogEntry>, 'details'> & {
  details: unknown;
  actor_name: User['full_name'] | null;
  actor_email: User['email'] | null;
  target_name: User['full_name'] | null;
  target_email: User['email'] | null;
};

/**
 * Keys whose values are never shown, however a future writer fills them: passwords, tokens,
 * secrets, hashes, API keys, cookies. Today's rows hold none (field names such as "password" are
 * values, not keys); see docs/areas/audit.md.
 */
const SECRET_KEY = /pass(word)?|secret|token|hash|api[-_]?key|authorization|cookie|session/i;

/** `details` as written, with the value of every secret-looking key (at any depth) replaced. */
export function redactDetails(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactDetails);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        SECRET_KEY.test(k) ? AUDIT_REDACTED : redactDetails(v),
      ]),
    );
  }
  return value;
}

function detailsOf(raw: unknown): Record<string, unknown> {
  // PGlite may hand jsonb back as text.
  const value: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
  const safe = redactDetails(value);
  return safe && typeof safe === 'object' && !Array.isArray(safe) ? (safe as Record<string, unknown>) : {};
}

function user(id: number | null, fullName: string | null, email: string | null): AuditUser | null {
  return id === null || fullName === null || email === null ? null : { id, fullName, email };
}

export function presentAuditEntry(r: AuditRow): AuditEntry {
  return {
    id: r.id,
    action: r.action,
    createdAt: iso(r.created_at),
    ip: r.ip,
    actor: user(r.actor_id, r.actor_name, r.actor_email),
    target: user(r.target_user_id, r.target_name, r.target_email),
    details: detailsOf(r.details),
  };
}
