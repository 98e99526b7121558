/** The details of an audit entry in one line (the screen also shows them as written, on demand). */

const MAX_CHARS = 200;

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map(show).join(', ');
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * "Changed role · basic → premium", "communityUrl: https://a → https://b", "courseId: 4 · slug: intro":
 * the changed fields first, then a from → to change (under its key when there is one), then
 * every other key as written; empty values are left out. Long summaries end in "…".
 */
export function detailsSummary(details: Record<string, unknown>): string {
  const parts: string[] = [];
  const rest = { ...details };
  if (Array.isArray(rest.fields)) {
    if (rest.fields.length > 0) parts.push(`Changed ${show(rest.fields)}`);
    delete rest.fields;
  }
  if ('from' in rest || 'to' in rest) {
    const change = `${show(rest.from)} → ${show(rest.to)}`;
    parts.push(typeof rest.key === 'string' ? `${rest.key}: ${change}` : change);
    delete rest.from;
    delete rest.to;
    delete rest.key;
  }
  for (const [key, value] of Object.entries(rest)) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    parts.push(`${key}: ${show(value)}`);
  }
  const text = parts.join(' · ');
  return text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS - 1)}…` : text;
}
