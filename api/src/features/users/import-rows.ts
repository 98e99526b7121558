import { ROLES, type Role } from '@shared/limits';
import {
  emailField,
  importColumnIndex,
  TAG_SEPARATOR,
  unescapeCsvCell,
  USER_ADMIN_LIMITS,
  type UserImportColumn,
} from '@shared/schemas';
import { badRequest } from '../../core/errors';

/** One data row of an import file, cells trimmed; an empty cell is undefined ("leave as is"). */
export interface ImportRow {
  /** 1-based line of the file, for error messages. */
  line: number;
  email: string;
  fullName?: string;
  role?: Role;
  city?: string;
  state?: string;
  country?: string;
  phoneNumber?: string;
  tagNames?: string[];
  /** The coach's email (docs/areas/review.md#a-members-coach); checked against the database by the import. */
  coachEmail?: string;
}

/** Longest value of each text column (the same bounds as the user form's schema). */
const MAX_LENGTH = { fullName: 200, city: 200, state: 200, country: 200, phoneNumber: 50 } as const;
const MAX_ERRORS_LISTED = 10;

export const NO_ROWS_MESSAGE = 'The file has no users to import.';

/** A problem with one row of the file. */
export interface RowError {
  line: number;
  message: string;
}

/** Throws one 400 listing the first errors in row order, or returns when there are none. */
export function throwRowErrors(errors: readonly RowError[]): void {
  if (errors.length === 0) return;
  const sorted = [...errors].sort((a, b) => a.line - b.line);
  const listed = sorted
    .slice(0, MAX_ERRORS_LISTED)
    .map((e) => `Row ${e.line}: ${e.message}`)
    .join('; ');
  const more = errors.length > MAX_ERRORS_LISTED ? `; and ${errors.length - MAX_ERRORS_LISTED} more` : '';
  throw badRequest(`The file was not imported. ${listed}${more}.`);
}

const emailSchema = emailField();
const isEmail = (value: string): boolean => emailSchema.isValidSync(value);

/**
 * The rows of an import file as users: the header row (if any) maps columns by name, rows with
 * an empty first column are skipped (docs/areas/users.md#validation), values are checked, and emails repeated in the
 * file, whatever their case, are reported. Rows with problems come back as errors (the import
 * adds the ones it finds against the database, then refuses the whole file).
 */
export function toImportRows(cells: readonly string[][]): { rows: ImportRow[]; skipped: number; errors: RowError[] } {
  const first = cells[0];
  if (!first) throw badRequest(NO_ROWS_MESSAGE);
  const { hasHeader, index } = importColumnIndex(first);
  const data = hasHeader ? cells.slice(1) : cells;
  if (data.length > USER_ADMIN_LIMITS.importMaxRows) {
    throw badRequest(`The file has more than ${USER_ADMIN_LIMITS.importMaxRows} rows. Split it and import each part.`);
  }
  const rows: ImportRow[] = [];
  const errors: RowError[] = [];
  const firstLineOf = new Map<string, number>();
  let skipped = 0;
  data.forEach((row, i) => {
    const line = i + (hasHeader ? 2 : 1);
    if ((row[0] ?? '').trim() === '') {
      skipped += 1;
      return;
    }
    const cell = (column: UserImportColumn): string | undefined => {
      const at = index[column];
      const value = at === undefined ? '' : unescapeCsvCell((row[at] ?? '').trim());
      return value === '' ? undefined : value;
    };
    const email: string = cell('email') ?? '';
    if (!isEmail(email)) {
      errors.push({ line, message: `"${email.slice(0, 80)}" is not a valid email` });
      return;
    }
    const key = email.toLowerCase();
    const seenAt = firstLineOf.get(key);
    if (seenAt !== undefined) {
      errors.push({ line, message: `${email} repeats the email of row ${seenAt} (emails are not case-sensitive)` });
      return;
    }
    firstLineOf.set(key, line);
    const out: ImportRow = { line, email };
    for (const field of Object.keys(MAX_LENGTH) as Array<keyof typeof MAX_LENGTH>) {
      const value = cell(field);
      if (value !== undefined && value.length > MAX_LENGTH[field]) {
        errors.push({ line, message: `${field} is longer than ${MAX_LENGTH[field]} characters` });
      } else if (value !== undefined) out[field] = value;
    }
    const role = cell('role')?.toLowerCase();
    if (role !== undefined) {
      if ((ROLES as readonly string[]).includes(role)) out.role = role as Role;
      else errors.push({ line, message: `role must be one of ${ROLES.filter((r) => r !== 'admin').join(', ')}` });
    }
    const tags = cell('Tags')
      ?.split(TAG_SEPARATOR)
      .map((t) => t.trim())
      .filter(Boolean);
    if (tags && tags.length > 0) out.tagNames = [...new Set(tags)];
    const coach = cell('coach');
    if (coach !== undefined) out.coachEmail = coach;
    rows.push(out);
  });
  if (rows.length === 0 && errors.length === 0) throw badRequest(NO_ROWS_MESSAGE);
  return { rows, skipped, errors };
}
