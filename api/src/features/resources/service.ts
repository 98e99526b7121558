import type { Knex } from 'knex';
import type { ResourceUpsertInput } from '@shared/schemas';
import { audit } from '../../core/audit';
import { badRequest, notFound } from '../../core/errors';
import { MESSAGES } from '@shared/messages';
import { Resource } from '../../models';

export interface Actor {
  actorId: number;
  ip: string;
}

const ids = (refs: ReadonlyArray<{ id: number }> | undefined) => [...new Set((refs ?? []).map((r) => r.id))];

/**
 * The resources columns for validated input. Fields that do not belong to the type or the
 * visibility are cleared, so a Course never keeps a stale URL and a Free item never a price:
 * Link keeps url; Article content; Course its course; only For Sale items keep price and
 * purchase URL.
 */
export function resourceColumns(input: ResourceUpsertInput): Record<string, unknown> {
  const forSale = input.visibility === 'For Sale' || input.visibility === 'For Sale Premium';
  return {
    title: input.title,
    description: input.description ?? null,
    cover_photo_url: input.coverPhotoUrl ?? null,
    type: input.type,
    visibility: input.visibility,
    content: input.type === 'Article' ? (input.content ?? '') : null,
    url: input.type === 'Link' ? input.url : null,
    course_id: input.type === 'Course' ? input.CourseId : null,
    price_cents: forSale && input.price ? Math.round(input.price * 100) : null,
    purchase_url: forSale ? (input.purchaseUrl ?? null) : null,
    published_at: input.publishedAt ?? null,
    hidden: input.hidden,
  };
}

async function existingIds(trx: Knex.Transaction, table: string, wanted: number[]): Promise<number[]> {
  if (wanted.length === 0) return [];
  const rows = (await trx(table).select('id').whereIn('id', wanted)) as Array<{ id: number }>;
  return rows.map((r) => r.id);
}

/**
 * Creates or updates a resource with its categories and required tags, and the audit row, in the
 * caller's (one) transaction. A category, tag or course that does not exist (deleted meanwhile) is a 400.
 */
export async function saveResource(
  trx: Knex.Transaction,
  input: ResourceUpsertInput,
  by: Actor,
): Promise<{ id: number; isNew: boolean }> {
  const categoryIds = ids(input.ResourceCategories);
  const tagIds = ids(input.Tags);
  const values = resourceColumns(input);
  if ((await existingIds(trx, 'categories', categoryIds)).length !== categoryIds.length) {
    throw badRequest('A chosen category no longer exists', {
      ResourceCategories: 'A chosen category no longer exists',
    });
  }
  if ((await existingIds(trx, 'tags', tagIds)).length !== tagIds.length) {
    throw badRequest('A chosen tag no longer exists', { Tags: 'A chosen tag no longer exists' });
  }
  if (values.course_id !== null && (await existingIds(trx, 'courses', [values.course_id as number])).length === 0) {
    throw badRequest('Choose an existing course', { CourseId: 'Choose an existing course' });
  }
  let id: number;
  if (input.id) {
    const [row] = await trx('resources')
      .where({ id: input.id })
      .update({ ...values, updated_at: trx.fn.now() })
      .returning<Array<{ id: number }>>('id');
    if (!row) throw notFound(MESSAGES.resourceNotFound);
    id = row.id;
    await trx('resource_categories').where({ resource_id: id }).del();
    await trx('resource_tags').where({ resource_id: id }).del();
  } else {
    const [row] = await trx('resources').insert(values).returning<Array<{ id: number }>>('id');
    id = row!.id;
  }
  if (categoryIds.length) {
    await trx('resource_categories').insert(
      categoryIds.map((categoryId) => ({ resource_id: id, category_id: categoryId })),
    );
  }
  if (tagIds.length) await trx('resource_tags').insert(tagIds.map((tagId) => ({ resource_id: id, tag_id: tagId })));
  await audit(trx, {
    actorId: by.actorId,
    action: input.id ? 'resource.update' : 'resource.create',
    details: { resourceId: id, title: input.title },
    ip: by.ip,
  });
  return { id, isNew: !input.id };
}

/**
 * Deletes a resource and writes the audit row, in the caller's transaction; its categories, tags
 * and owners' rows go with it, purchases keep their record.
 */
export async function deleteResource(trx: Knex.Transaction, id: number, by: Actor): Promise<void> {
  const deleted = await Resource.query(trx).deleteById(id);
  if (!deleted) throw notFound(MESSAGES.resourceNotFound);
  await audit(trx, { actorId: by.actorId, action: 'resource.delete', details: { resourceId: id }, ip: by.ip });
}

/** The cover photo of a resource being edited (an unchanged cover need not be re-checked). */
export async function currentCover(knex: Knex, id: number | undefined): Promise<string | null> {
  if (!id) return null;
  const row = await Resource.query(knex).findById(id).select('cover_photo_url');
  return row?.cover_photo_url ?? null;
}
