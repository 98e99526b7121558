import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  coachesFromCsvRows,
  csvLine,
  emailsFromCsvRows,
  escapeCsvCell,
  importColumnIndex,
  unescapeCsvCell,
  userImportSampleCsv,
  USER_IMPORT_COLUMNS,
} from './user-csv';
import { bulkUpdateSchema, rolesUpdatedMessage, upgradeRoleSchema, validateUsersCsvSchema } from './user-admin';

/** A small RFC 4180 reader, to check what csvLine writes without trusting the writer. */
function readRecord(line: string): string[] {
  const cells: string[] = [];
  let i = 0;
  for (;;) {
    let cell = '';
    if (line[i] === '"') {
      i += 1;
      for (;;) {
        if (line[i] === '"' && line[i + 1] === '"') {
          cell += '"';
          i += 2;
        } else if (line[i] === '"') {
          i += 1;
          break;
        } else cell += line[i++];
      }
    } else while (i < line.length && line[i] !== ',' && line[i] !== '\r') cell += line[i++];
    cells.push(cell);
    if (line[i] === ',') i += 1;
    else return cells;
  }
}

describe('escapeCsvCell (docs/security.md: CSV export)', () => {
  it.each(['=', '+', '-', '@', '\t', '\r', '\0'])('puts an apostrophe before a cell starting with %j', (c) => {
    expect(escapeCsvCell(`${c}1+2`).replace(/^"|"$/g, '')).toBe(`'${c}1+2`);
  });

  it('leaves ordinary text, numbers and booleans alone and writes null as empty', () => {
    expect(escapeCsvCell('Jane Doe')).toBe('Jane Doe');
    expect(escapeCsvCell(-5)).toBe('-5');
    expect(escapeCsvCell(true)).toBe('true');
    expect(escapeCsvCell(null)).toBe('');
    expect(escapeCsvCell(undefined)).toBe('');
    expect(escapeCsvCell("it's")).toBe("it's");
  });

  it('quotes commas, quotes, CR and LF, doubling quotes', () => {
    expect(escapeCsvCell('a,b')).toBe('"a,b"');
    expect(escapeCsvCell('say "hi"')).toBe('"say ""hi"""');
    expect(escapeCsvCell('two\nlines')).toBe('"two\nlines"');
    expect(escapeCsvCell('=1,2')).toBe(`"'=1,2"`);
  });

  it('escapes a formula after any ; or , inside a cell (a spreadsheet splitting there starts a cell)', () => {
    expect(escapeCsvCell('a;=1+1')).toBe("a;'=1+1");
    expect(escapeCsvCell('a,=1+1')).toBe(`"a,'=1+1"`);
    expect(escapeCsvCell('x;+1;-2;@3')).toBe("x;'+1;'-2;'@3");
    expect(escapeCsvCell('a;\t=1')).toBe("a;'\t=1");
    expect(escapeCsvCell('a;\r=1')).toBe(`"a;'\r=1"`);
    expect(escapeCsvCell('=1;=2')).toBe("'=1;'=2");
    expect(escapeCsvCell('a;"=1"')).toBe(`"a;'""=1"""`);
    // Ordinary separators and dashes stay as they are.
    expect(escapeCsvCell('Mastermind;VIP')).toBe('Mastermind;VIP');
    expect(escapeCsvCell('555-0100')).toBe('555-0100');
    expect(unescapeCsvCell("a;'=1+1")).toBe('a;=1+1');
    expect(unescapeCsvCell("x;'+1;'-2;'@3")).toBe('x;+1;-2;@3');
  });

  it('leaves no piece that starts a formula, however a reader splits the line on ; or ,', () => {
    const unit = fc.constantFrom('a', '=', '+', '-', '@', '\t', ';', ',', '"', "'", ' ');
    fc.assert(
      fc.property(fc.array(fc.string({ unit, maxLength: 12 }), { minLength: 1, maxLength: 5 }), (cells) => {
        const line = csvLine(cells).slice(0, -2);
        for (const piece of line.split(/[;,]/)) {
          expect(piece).not.toMatch(/^[=+\-@\t\r\0]/);
          expect(piece.replace(/^"+/, '')).not.toMatch(/^[=+\-@\t\r\0]/);
        }
        expect(readRecord(csvLine(cells)).map(unescapeCsvCell)).toEqual(cells);
      }),
    );
  });

  it('round-trips any text through csvLine, a reader and unescapeCsvCell', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 30 }), { minLength: 1, maxLength: 6 }), (cells) => {
        const line = csvLine(cells);
        expect(line.endsWith('\r\n')).toBe(true);
        const read = readRecord(line).map(unescapeCsvCell);
        expect(read).toEqual(cells);
        // No cell a spreadsheet would evaluate.
        for (const cell of readRecord(line)) expect(cell).not.toMatch(/^[=+\-@\t\r\0]/);
      }),
    );
  });
});

describe('import columns', () => {
  it('maps a header row by name, whatever its case, spacing or order', () => {
    expect(importColumnIndex(['Full Name', 'E-mail', 'EMAIL', 'phone', 'user_tags'])).toEqual({
      hasHeader: true,
      index: { fullName: 0, email: 1, phoneNumber: 3, Tags: 4 },
    });
  });

  it('assumes the documented order when the first row names no email column', () => {
    const { hasHeader, index } = importColumnIndex(['a@b.c', 'Ann']);
    expect(hasHeader).toBe(false);
    expect(index).toEqual(Object.fromEntries(USER_IMPORT_COLUMNS.map((c, i) => [c, i])));
  });

  it('has a sample with the header and three users', () => {
    const lines = userImportSampleCsv().split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(USER_IMPORT_COLUMNS.join(','));
    expect(lines).toHaveLength(4);
    expect(readRecord(lines[3]!)[1]).toBe('Sam Lee, Jr.');
  });
});

describe('emailsFromCsvRows (bulk update CSV)', () => {
  it('reads the email column of a header row', () => {
    expect(
      emailsFromCsvRows([
        ['name', 'Email'],
        ['Ann', 'ann@x.com'],
        ['Bo', ' bo@x.com '],
      ]),
    ).toEqual(['ann@x.com', 'bo@x.com']);
  });

  it('reads the first column without a header, and skips a header-like first row', () => {
    expect(emailsFromCsvRows([['a@x.com'], ['b@x.com']])).toEqual(['a@x.com', 'b@x.com']);
    expect(emailsFromCsvRows([['Users'], ['a@x.com']])).toEqual(['a@x.com']);
  });

  it('skips rows with an empty first column (docs/areas/users.md#validation)', () => {
    expect(emailsFromCsvRows([['email'], ['a@x.com'], [''], ['  ', 'b@x.com'], ['c@x.com']])).toEqual([
      'a@x.com',
      'c@x.com',
    ]);
    expect(emailsFromCsvRows([])).toEqual([]);
  });
});

describe('user administration schemas', () => {
  it('words the roles message as the spec does', () => {
    expect(rolesUpdatedMessage(1)).toBe('Updated 1 user(s) roles');
    expect(rolesUpdatedMessage(12)).toBe('Updated 12 user(s) roles');
  });

  it('accepts user ids as numbers or {id} objects and refuses admin as a bulk role', async () => {
    await expect(upgradeRoleSchema.validate({ users: [1, { id: 2 }], newRole: 'coach' })).resolves.toEqual({
      users: [1, 2],
      newRole: 'coach',
    });
    await expect(upgradeRoleSchema.validate({ users: [1], newRole: 'admin' })).rejects.toThrow('Choose a role');
  });

  it('drops empty emails and refuses control characters', async () => {
    await expect(validateUsersCsvSchema.validate({ userEmails: [' a@x.com ', '', '  '] })).resolves.toEqual({
      userEmails: ['a@x.com'],
    });
    await expect(validateUsersCsvSchema.validate({ userEmails: ['a\u0000@x.com'] })).rejects.toThrow(
      'Emails cannot contain control characters',
    );
  });

  it('needs tags for a tag action and something to do', async () => {
    const emails = ['a@x.com'];
    await expect(bulkUpdateSchema.validate({ userEmails: emails, availableAction: 'add' })).rejects.toThrow(
      'Choose at least one tag',
    );
    await expect(bulkUpdateSchema.validate({ userEmails: emails, availableAction: '', role: '' })).rejects.toThrow(
      'Choose tags to add or remove, or a status to set',
    );
    await expect(bulkUpdateSchema.validate({ userEmails: emails, role: 'premium' })).resolves.toMatchObject({
      tags: [],
      availableAction: null,
      role: 'premium',
    });
  });
});

describe('coachesFromCsvRows (docs/areas/review.md#a-members-coach)', () => {
  it('reads the coach column under a header naming email and coach; empty cells clear', () => {
    expect(
      coachesFromCsvRows([
        ['Email', 'Coach Email'],
        ['a@x.test', 'c@x.test'],
        ['b@x.test', ''],
        ['', 'skipped@x.test'],
      ]),
    ).toEqual([
      { email: 'a@x.test', coach: 'c@x.test' },
      { email: 'b@x.test', coach: '' },
    ]);
    expect(coachesFromCsvRows([['email'], ['a@x.test']])).toEqual([]);
    expect(coachesFromCsvRows([['a@x.test', 'c@x.test']])).toEqual([]);
  });
});
