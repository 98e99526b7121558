import * as yup from 'yup';

/** An integer given as a number (or a string of digits); arrays, objects and booleans are type errors. */
export const integer = () =>
  yup
    .number()
    .transform((value: number, original: unknown) =>
      original === null ||
      original === undefined ||
      typeof original === 'number' ||
      (typeof original === 'string' && /^-?\d{1,12}$/.test(original.trim()))
        ? value
        : Number.NaN,
    )
    .integer();

/** A row id: a positive integer that fits PostgreSQL's int4. */
export const id = () => integer().positive().max(2_147_483_647);
