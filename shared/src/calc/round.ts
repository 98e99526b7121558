/**
 * Rounding and number guards for the calculators (docs/areas/seller-tools.md#formulas).
 *
 * Every calculator output goes through `round2` exactly once, at the end;
 * intermediates are never rounded.
 */

/** A finite number or 0: NaN, Infinity and -Infinity become 0 (and -0 becomes 0). */
export function finite(x: number): number {
  return Number.isFinite(x) ? x + 0 : 0;
}

/**
 * Coerces an unknown input to a finite number. Numbers pass through `finite`;
 * numeric strings (e.g. PostgreSQL `numeric` columns, form fields) are parsed;
 * null, undefined, empty or non-numeric strings and anything else give `fallback` (0).
 */
export function toFiniteNumber(x: unknown, fallback = 0): number {
  if (typeof x === 'number') return Number.isFinite(x) ? x + 0 : fallback;
  if (typeof x === 'string' && x.trim() !== '') {
    const n = Number(x.trim());
    return Number.isFinite(n) ? n + 0 : fallback;
  }
  return fallback;
}

/** True when `x` is null, undefined or an empty/blank string (a "missing" optional value). */
export function isMissing(x: unknown): boolean {
  return x === null || x === undefined || (typeof x === 'string' && x.trim() === '');
}

/**
 * Rounds to 2 decimals, half away from zero, exactly as docs/areas/seller-tools.md#formulas:
 * `Math.sign(x) * Math.round((Math.abs(x) + Number.EPSILON) * 100) / 100`.
 *
 * Guards: NaN/Infinity give 0; -0 gives 0. A finite value so large that
 * `|x| * 100` overflows (|x| > ~1.8e306) has no cents to round and is returned unchanged,
 * so the result is always finite.
 */
export function round2(x: number): number {
  if (!Number.isFinite(x)) return 0;
  const r = (Math.sign(x) * Math.round((Math.abs(x) + Number.EPSILON) * 100)) / 100;
  return Number.isFinite(r) ? r + 0 : x;
}
