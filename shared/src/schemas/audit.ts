import * as yup from 'yup';
import { MESSAGES } from '../messages';
import { AUDIT_ACTIONS } from '../types/audit';
import { DATE_RANGE_MAX_DAYS, dateRangeFields, parseMoment, type DateRangeRule } from './dates';
import { integer } from './fields';

export const AUDIT_PER_PAGE_DEFAULT = 25;
export const AUDIT_PER_PAGE_MAX = 100;
/** The longest actor or target search. */
export const AUDIT_SEARCH_MAX = 200;

/**
 * The audit log's range: days or instants (the page sends the start of the chosen local days), at
 * most DATE_RANGE_MAX_DAYS (3 years) when both ends are given; an end left out is open.
 */
export const AUDIT_RANGE: DateRangeRule = { instants: true, maxDays: DATE_RANGE_MAX_DAYS };

const search = () => yup.string().trim().max(AUDIT_SEARCH_MAX, `At most ${AUDIT_SEARCH_MAX} characters`).optional();

/**
 * GET /api/audit/read-many and /api/audit/export: actor and target (a user id, or part of a name
 * or email), one action of the closed list, and a range of `created_at` (the shared date-range
 * rule, AUDIT_RANGE): `from` inclusive, `to` inclusive for a day (the whole UTC day) and exclusive
 * for an instant.
 */
export const auditQuerySchema = yup.object({
  page: integer().min(1, 'The page starts at 1').max(1_000_000).default(1),
  itemsPerPage: integer()
    .min(1, 'At least 1 per page')
    .max(AUDIT_PER_PAGE_MAX, `At most ${AUDIT_PER_PAGE_MAX} per page`)
    .default(AUDIT_PER_PAGE_DEFAULT),
  actor: search(),
  action: yup
    .string()
    .trim()
    .optional()
    .oneOf([...AUDIT_ACTIONS, undefined], MESSAGES.auditUnknownAction),
  target: search(),
  ...dateRangeFields(AUDIT_RANGE),
});
export type AuditQuery = yup.InferType<typeof auditQuerySchema>;
/** The filters alone (the export takes no page). */
export type AuditFilters = Omit<AuditQuery, 'page' | 'itemsPerPage'>;

/** The half-open range [from, to) of `created_at` that `from` and `to` ask for, as ISO instants. */
export function auditRange(from: string | undefined, to: string | undefined): { from?: string; to?: string } {
  const f = parseMoment(from?.trim(), AUDIT_RANGE.instants);
  const t = parseMoment(to?.trim(), AUDIT_RANGE.instants);
  return {
    from: f ? new Date(f.at).toISOString() : undefined,
    to: t ? new Date(t.dateOnly ? t.at + 86_400_000 : t.at).toISOString() : undefined,
  };
}

/** An actor or target filter: a whole number is a user id, anything else a name or email search. */
export function auditUserFilter(value: string | undefined): { id: number } | { search: string } | null {
  const v = value?.trim();
  if (!v) return null;
  if (/^\d{1,10}$/.test(v) && Number(v) <= 2_147_483_647) return { id: Number(v) };
  return { search: v };
}
