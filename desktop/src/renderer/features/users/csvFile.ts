import Papa from 'papaparse';
import { coachesFromCsvRows, emailsFromCsvRows, type CsvCoachRow } from '@shared/schemas/user-csv';

export class CsvReadError extends Error {}

/**
 * The emails of a bulk update CSV (papaparse: quoted fields, commas and line breaks inside
 * quotes; rows with an empty first column skipped). A spreadsheet or unreadable file is a
 * CsvReadError with a message for the dialog. With a header naming a coach column, also that
 * column (docs/areas/review.md).
 */
export async function readBulkCsv(file: File): Promise<{ emails: string[]; coaches: CsvCoachRow[] }> {
  if (/\.(xlsx|xls)$/i.test(file.name)) {
    throw new CsvReadError('Choose a CSV file (.csv). Save the spreadsheet as CSV first.');
  }
  const text = (await file.text()).replace(/^\uFEFF/, '');
  if (text.includes('\0')) throw new CsvReadError('This file is not a CSV file.');
  const parsed = Papa.parse<string[]>(text, { delimiter: ',', skipEmptyLines: 'greedy' });
  const quoteError = parsed.errors.find((e) => e.type === 'Quotes');
  if (quoteError) {
    // docs/errors.md: a CSV read error is only logged; the dialog shows a short hint.
    console.error('CSV read error', quoteError);
    throw new CsvReadError('This CSV file could not be read (a quote is not closed).');
  }
  return { emails: emailsFromCsvRows(parsed.data), coaches: coachesFromCsvRows(parsed.data) };
}
