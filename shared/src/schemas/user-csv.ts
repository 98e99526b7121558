/**
 * The CSV formats of the User Dashboard, shared by the API (export, import, samples) and the UI
 * (bulk update CSV, import sample): column names, RFC 4180 writing with formula escaping, and
 * the reading rules of docs/areas/users.md#validation (quoted fields; rows with an empty first column are skipped).
 */

/** Columns of users.csv (GET /api/user/export). */
export const USER_EXPORT_COLUMNS = [
  'id',
  'fullName',
  'email',
  'role',
  'city',
  'state',
  'country',
  'phoneNumber',
  'stripeStatus',
  'stripeCustomerId',
  'alwaysGrantAccess',
  'createdAt',
  'Tags',
] as const;

/** Columns an import file may have, in the order assumed when it has no header row. */
export const USER_IMPORT_COLUMNS = [
  'email',
  'fullName',
  'role',
  'city',
  'state',
  'country',
  'phoneNumber',
  'Tags',
  /** The email of the member's coach (a coach or an admin; docs/areas/review.md#a-members-coach). */
  'coach',
] as const;
export type UserImportColumn = (typeof USER_IMPORT_COLUMNS)[number];

/** Tag names inside one Tags cell are separated by semicolons (export and import alike). */
export const TAG_SEPARATOR = ';';

/** Header spellings accepted for each import column (compared without case, spaces, _ or -). */
const HEADER_ALIASES: Record<string, UserImportColumn> = {
  email: 'email',
  emailaddress: 'email',
  usersemail: 'email',
  useremail: 'email',
  fullname: 'fullName',
  name: 'fullName',
  role: 'role',
  city: 'city',
  state: 'state',
  country: 'country',
  phonenumber: 'phoneNumber',
  phone: 'phoneNumber',
  tags: 'Tags',
  usertags: 'Tags',
  coach: 'coach',
  coachemail: 'coach',
};

const normalizeHeader = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

/**
 * The column index of each import column. With a header row (one that names an email column)
 * columns are found by name and unknown ones ignored; without one the USER_IMPORT_COLUMNS order
 * is assumed.
 */
export function importColumnIndex(firstRow: readonly string[]): {
  hasHeader: boolean;
  index: Partial<Record<UserImportColumn, number>>;
} {
  const byName: Partial<Record<UserImportColumn, number>> = {};
  firstRow.forEach((cell, i) => {
    const column = HEADER_ALIASES[normalizeHeader(cell)];
    if (column && byName[column] === undefined) byName[column] = i;
  });
  if (byName.email !== undefined) return { hasHeader: true, index: byName };
  const positional: Partial<Record<UserImportColumn, number>> = {};
  USER_IMPORT_COLUMNS.forEach((c, i) => (positional[c] = i));
  return { hasHeader: false, index: positional };
}

/**
 * Formula injection (OWASP, "CSV Injection"): a spreadsheet runs a cell that starts with = + - @
 * (or a tab, CR or NUL) as a formula. A spreadsheet set to split on semicolons (many locales) cuts
 * our lines at every `;`, even inside a quoted cell, and a naive reader cuts at every `,`: so
 * `a;=1+1` holds a cell `=1+1` there. Where a spreadsheet may start a cell (the cell's start, and
 * after each `;` or `,` in it), a formula character, after any quotes or apostrophes, gets an
 * apostrophe in front: the spreadsheet then reads text. `'*` and `"` in the run keep the escaping
 * reversible and cover a reader that opens a quoted field there.
 */
const CELL_STARTS = /(^|[;,])(['"]*)(?=[=+\-@\t\r\0])/g;
/** The same places once escaped: the apostrophe escapeCsvCell added, to take off again. */
const ESCAPED_STARTS = /(^|[;,])'(['"]*)(?=[=+\-@\t\r\0])/g;

/** One CSV cell: formula-escaped, then quoted when it holds a comma, quote, CR or LF (RFC 4180). */
export function escapeCsvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string') text = text.replace(CELL_STARTS, "$1'$2");
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Undoes the formula escaping of escapeCsvCell (each apostrophe it added), so that importing an
 * exported users.csv gives back the values it was made from.
 */
export function unescapeCsvCell(text: string): string {
  return text.replace(ESCAPED_STARTS, '$1$2');
}

/** One CSV record, CRLF-terminated (RFC 4180). */
export function csvLine(cells: ReadonlyArray<string | number | boolean | null | undefined>): string {
  return `${cells.map(escapeCsvCell).join(',')}\r\n`;
}

/** The structure an import file follows: a header row and three example users. */
export function userImportSampleCsv(): string {
  return [
    csvLine(USER_IMPORT_COLUMNS),
    csvLine(['jane.doe@example.com', 'Jane Doe', 'premium', 'Austin', 'TX', 'USA', '555-0100', 'Mastermind', '']),
    csvLine(['john.roe@example.com', 'John Roe', 'basic', 'Portland', 'OR', 'USA', '', '', '']),
    csvLine([
      'sam.lee@example.com',
      'Sam Lee, Jr.',
      'course only',
      'Miami',
      'FL',
      'USA',
      '',
      'Free Trial;Mastermind',
      '',
    ]),
  ].join('');
}

const looksLikeEmail = (cell: string) => cell.includes('@');

/** One row of a bulk update CSV's coach column: the member's email and the coach's ('' clears). */
export interface CsvCoachRow {
  email: string;
  coach: string;
}

/**
 * The coach column of a bulk update CSV (docs/areas/review.md#a-members-coach): only when the header row names both an
 * email and a coach column; every data row with an email gives its coach's email, '' to clear.
 */
export function coachesFromCsvRows(rows: ReadonlyArray<readonly string[]>): CsvCoachRow[] {
  const first = rows[0] ?? [];
  const emailAt = first.findIndex((c) => HEADER_ALIASES[normalizeHeader(c)] === 'email');
  const coachAt = first.findIndex((c) => HEADER_ALIASES[normalizeHeader(c)] === 'coach');
  if (emailAt < 0 || coachAt < 0) return [];
  const out: CsvCoachRow[] = [];
  for (const row of rows.slice(1)) {
    if ((row[0] ?? '').trim() === '') continue;
    const email = (row[emailAt] ?? '').trim();
    if (email) out.push({ email, coach: (row[coachAt] ?? '').trim() });
  }
  return out;
}

/**
 * The emails of a bulk update CSV (already split into rows of cells): the column headed email
 * when the first row names one, else the first column. A first row without an email in it is a
 * header; rows with an empty first column are skipped (docs/areas/users.md#validation).
 */
export function emailsFromCsvRows(rows: ReadonlyArray<readonly string[]>): string[] {
  if (rows.length === 0) return [];
  const first = rows[0] ?? [];
  const headerIndex = first.findIndex((c) => HEADER_ALIASES[normalizeHeader(c)] === 'email');
  const column = headerIndex >= 0 ? headerIndex : 0;
  const start = headerIndex >= 0 || !looksLikeEmail((first[0] ?? '').trim()) ? 1 : 0;
  const emails: string[] = [];
  for (const row of rows.slice(start)) {
    if ((row[0] ?? '').trim() === '') continue;
    const email = (row[column] ?? '').trim();
    if (email) emails.push(email);
  }
  return emails;
}
