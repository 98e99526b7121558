/** A timestamp column (a Date, or PGlite's string) as the API's ISO 8601 string. */
export function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}
