/**
 * SQL text shared by the feature queries. Only whitelisted identifiers and integer literals are
 * ever interpolated; user text (search terms...) always goes through bindings.
 */

/** A LIKE/ILIKE pattern matching `term` literally anywhere (its wildcards and escapes escaped). */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** An integer (an id) as an SQL literal; anything else throws, so no text can reach the SQL. */
export function intLiteral(n: number): string {
  if (!Number.isSafeInteger(n)) throw new Error('not an integer id');
  return String(n);
}

/**
 * The tags of the row `alias` (through `joinTable`.`fk` -> tags) as a JSON array [{id, name}],
 * in the one order every response uses: by name whatever its case, then by id (the same on every
 * database collation).
 */
export function tagsJsonSql(joinTable: string, fk: string, alias: string): string {
  return `coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name) order by lower(t.name), t.id)
    from ${joinTable} jt join tags t on t.id = jt.tag_id where jt.${fk} = ${alias}.id), '[]'::json)`;
}

/** A user's tags (users alias `u`) as a JSON array [{id, name}]. */
export const USER_TAGS_JSON_SQL = tagsJsonSql('user_tags', 'user_id', 'u');
