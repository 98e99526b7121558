import type { Knex } from 'knex';
import type { TagUpsertInput } from '@shared/schemas';
import { audit } from '../../core/audit';
import { conflict, isUniqueViolation, notFound } from '../../core/errors';
import { Tag } from '../../models';

/** Tag management: every change writes its audit row in the same transaction. */

export type TagRow = Pick<Tag, 'id' | 'name' | 'open_for_signup'>;
const COLUMNS = ['id', 'name', 'open_for_signup'] as const;

export interface Actor {
  actorId: number | null;
  ip: string;
}

export async function listTags(knex: Knex): Promise<TagRow[]> {
  return Tag.query(knex)
    .select(...COLUMNS)
    .orderByRaw('lower(name), id')
    .limit(1000);
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Where a tag gates content. Deleting such a tag would silently open a tag-only course, module or
 * lesson to every role its visibility flags allow, so the delete is refused until it is removed
 * there. Returns a phrase such as "2 courses and 1 lesson", or null when the tag gates nothing.
 */
async function requiredTagUsage(trx: Knex.Transaction, tagId: number): Promise<string | null> {
  const row = (await trx
    .select(
      trx('course_tags').count('*').where({ tag_id: tagId }).as('courses'),
      trx('module_tags').count('*').where({ tag_id: tagId }).as('modules'),
      trx('lesson_tags').count('*').where({ tag_id: tagId }).as('lessons'),
    )
    .first()) as { courses: number; modules: number; lessons: number };
  const parts = [
    Number(row.courses) ? plural(Number(row.courses), 'course') : null,
    Number(row.modules) ? plural(Number(row.modules), 'module') : null,
    Number(row.lessons) ? plural(Number(row.lessons), 'lesson') : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** Creates a tag, or renames / reopens tag `input.id` (404 when unknown, 409 for a taken name). */
export async function saveTag(trx: Knex.Transaction, input: TagUpsertInput, by: Actor): Promise<TagRow> {
  const values: Partial<TagRow> = { name: input.name };
  if (input.openForSignup !== undefined) values.open_for_signup = input.openForSignup;
  let row: TagRow | undefined;
  try {
    if (input.id) {
      [row] = (await Tag.query(trx)
        .patch(values)
        .where('id', input.id)
        .returning([...COLUMNS])) as unknown as TagRow[];
      if (!row) throw notFound('Tag not found');
    } else {
      row = await Tag.query(trx)
        .insert(values)
        .returning([...COLUMNS]);
    }
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict('A tag with this name already exists', { name: 'A tag with this name already exists' });
    throw err;
  }
  await audit(trx, {
    actorId: by.actorId,
    action: input.id ? 'tag.update' : 'tag.create',
    details: { tagId: row.id, name: row.name },
    ip: by.ip,
  });
  return row;
}

/** Deletes tag `id` unless it gates content (409); 404 when unknown. */
export async function deleteTag(trx: Knex.Transaction, id: number, by: Actor): Promise<void> {
  const usage = await requiredTagUsage(trx, id);
  if (usage) throw conflict(`This tag is required by ${usage}. Remove it there first.`);
  const deleted = await Tag.query(trx).deleteById(id);
  if (!deleted) throw notFound('Tag not found');
  await audit(trx, { actorId: by.actorId, action: 'tag.delete', details: { tagId: id }, ip: by.ip });
}
