import * as yup from 'yup';

/** A number as people write it: an optional sign, digits and an optional fraction ('.5' and '5.' too). */
const DECIMAL = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * A number given as a number, or as a string in decimal notation (whitespace ignored, as yup
 * does). The one place a schema turns text into a number: every number of a query string (and
 * of a form) goes through it. yup's own cast reads text with JavaScript's `Number`, which also
 * takes `0x10` (16), `0b11`, `0o7`, `1e3` and `Infinity`; those are type errors here, and so are
 * arrays, objects and booleans. `api/src/tools/number-fields.test.ts` keeps `yup.number()` out of
 * every other schema file.
 */
export const decimal = () =>
  yup.number().transform((value: number, original: unknown) => {
    if (original === null || original === undefined || typeof original === 'number') return value;
    if (typeof original !== 'string') return Number.NaN;
    const text = original.replace(/\s/g, '');
    const n = DECIMAL.test(text) ? Number(text) : Number.NaN;
    return Number.isFinite(n) ? n : Number.NaN;
  });

/** An integer given as a number (or a string of at most 12 digits, with an optional minus). */
export const integer = () =>
  decimal()
    .transform((value: number, original: unknown) =>
      typeof original === 'string' && !/^-?\d{1,12}$/.test(original.trim()) ? Number.NaN : value,
    )
    .integer();

/** A row id: a positive integer that fits PostgreSQL's int4. */
export const id = () => integer().positive().max(2_147_483_647);
