import { Model } from 'objection';

/** A timestamp column: a Date from the pg driver (PGlite may hand back the ISO string). */
export type Timestamp = Date | string;

/**
 * The base of every model: one class per table, its properties named like its columns (snake_case;
 * presenters map them to the API's JSON names). `columns` lists the table's columns in order, so a
 * test can hold every model against the migrated schema (tests/api/models.test.ts).
 */
export class BaseModel extends Model {
  static columns: readonly string[] = [];
}
