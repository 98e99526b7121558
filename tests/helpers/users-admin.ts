import zlib from 'node:zlib';
import type { Knex } from 'knex';

/**
 * A fingerprint of every user and user tag (all columns, updated_at included): equal before and
 * after means the call changed nothing at all.
 */
export async function usersTableHash(knex: Knex): Promise<string> {
  const result = await knex.raw<{ rows: Array<{ users: string | null; tags: string | null }> }>(
    `select (select md5(string_agg(row_to_json(u)::text, '|' order by u.id)) from users u) as users,
            (select md5(string_agg(ut.user_id || ':' || ut.tag_id, '|' order by ut.user_id, ut.tag_id)) from user_tags ut) as tags`,
  );
  const row = result.rows[0]!;
  return `${row.users ?? ''}/${row.tags ?? ''}`;
}

/**
 * Injects a database fault: any insert or update of `table` whose `column` equals `value` raises
 * an error, as a disk or constraint failure at that row would. Returns a function that removes it.
 */
export async function injectFault(
  knex: Knex,
  table: 'users' | 'user_tags',
  column: string,
  value: string | number,
): Promise<() => Promise<void>> {
  const name = `test_fault_${table}`;
  const literal = typeof value === 'number' ? String(value) : `'${value.replace(/'/g, "''")}'`;
  await knex.raw(`create or replace function ${name}() returns trigger language plpgsql as $$
    begin
      if NEW.${column} = ${literal} then raise exception 'injected fault at %', NEW.${column}; end if;
      return NEW;
    end $$`);
  await knex.raw(`create trigger ${name} before insert or update on ${table} for each row execute function ${name}()`);
  return async () => {
    await knex.raw(`drop trigger if exists ${name} on ${table}`);
    await knex.raw(`drop function if exists ${name}()`);
  };
}

/** Counts the SQL statements knex sends while `work` runs. */
export async function countQueries<T>(knex: Knex, work: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
  const queries: string[] = [];
  const listener = (q: { sql: string }) => queries.push(q.sql);
  knex.on('query', listener);
  try {
    const result = await work();
    return { result, queries };
  } finally {
    knex.off('query', listener);
  }
}

// ---- a minimal .xlsx writer (stored zip entries, inline strings) for import tests ----

function zip(files: Array<{ name: string; data: Buffer }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.name, 'utf8');
    const crc = zlib.crc32(f.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(f.data.length, 18);
    local.writeUInt32LE(f.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(f.data.length, 20);
    central.writeUInt32LE(f.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, f.data);
    centrals.push(central, name);
    offset += local.length + name.length + f.data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function columnName(i: number): string {
  let n = i + 1;
  let name = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    name = String.fromCharCode(65 + r) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

/** An .xlsx workbook with one sheet holding `rows` (strings as inline strings, numbers as numbers). */
export function xlsxOf(rows: ReadonlyArray<ReadonlyArray<string | number | null>>): Buffer {
  const sheetRows = rows
    .map((row, r) => {
      const cells = row
        .map((v, c) => {
          const ref = `${columnName(c)}${r + 1}`;
          if (v === null || v === '') return '';
          if (typeof v === 'number') return `<c r="${ref}"><v>${v}</v></c>`;
          return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlEscape(v)}</t></is></c>`;
        })
        .join('');
      return `<row r="${r + 1}">${cells}</row>`;
    })
    .join('');
  const file = (name: string, xml: string) => ({
    name,
    data: Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${xml}`, 'utf8'),
  });
  return zip([
    file(
      '[Content_Types].xml',
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    file(
      '_rels/.rels',
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    file(
      'xl/workbook.xml',
      `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Users" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    file(
      'xl/_rels/workbook.xml.rels',
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    file(
      'xl/worksheets/sheet1.xml',
      `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`,
    ),
  ]);
}
