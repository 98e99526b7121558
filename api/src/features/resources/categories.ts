import type { Knex } from 'knex';
import { MESSAGES } from '@shared/messages';
import type { CategoryUpsertInput } from '@shared/schemas';
import type { ResourceCourseOption } from '@shared/types';
import { audit } from '../../core/audit';
import { conflict, isUniqueViolation, notFound } from '../../core/errors';
import { Category, Course } from '../../models';

/** The resource categories, on the `Category` model (the routes hold no SQL). */
export type CategoryRow = Pick<Category, 'id' | 'name' | 'premium_slides'>;

const COLUMNS = ['id', 'name', 'premium_slides'] as const;

export interface Actor {
  actorId: number;
  ip: string;
}

export async function listCategories(knex: Knex): Promise<CategoryRow[]> {
  return Category.query(knex)
    .select(...COLUMNS)
    .orderByRaw('lower(name), id')
    .limit(1000);
}

/**
 * Creates or updates a category and writes its audit row, in the caller's transaction; a taken
 * name is a 409, an unknown id a 404.
 */
export async function saveCategory(trx: Knex.Transaction, input: CategoryUpsertInput, by: Actor): Promise<CategoryRow> {
  const values: Partial<CategoryRow> = { name: input.name };
  if (input.premiumSlides !== undefined) values.premium_slides = input.premiumSlides;
  let saved: CategoryRow | undefined;
  try {
    if (input.id) {
      [saved] = (await Category.query(trx)
        .patch(values)
        .where('id', input.id)
        .returning([...COLUMNS])) as unknown as CategoryRow[];
    } else {
      saved = await Category.query(trx)
        .insert(values)
        .returning([...COLUMNS]);
    }
  } catch (err) {
    if (isUniqueViolation(err, 'categories_name_unique')) {
      throw conflict(MESSAGES.categoryNameInUse, { name: MESSAGES.categoryNameInUse });
    }
    throw err;
  }
  if (!saved) throw notFound(MESSAGES.categoryNotFound);
  await audit(trx, {
    actorId: by.actorId,
    action: input.id ? 'category.update' : 'category.create',
    details: { categoryId: saved.id, name: saved.name, premiumSlides: saved.premium_slides },
    ip: by.ip,
  });
  return saved;
}

/** Deletes a category (its resources stay) and writes the audit row, in the caller's transaction. */
export async function deleteCategory(trx: Knex.Transaction, id: number, by: Actor): Promise<void> {
  const deleted = await Category.query(trx).deleteById(id);
  if (!deleted) throw notFound(MESSAGES.categoryNotFound);
  await audit(trx, { actorId: by.actorId, action: 'category.delete', details: { categoryId: id }, ip: by.ip });
}

/** The courses a Course resource may open (admin form). */
export async function listCourseOptions(knex: Knex): Promise<ResourceCourseOption[]> {
  const rows = await Course.query(knex).select('id', 'title', 'status').orderBy('position').limit(1000);
  return rows.map((r) => ({ id: r.id, title: r.title, status: r.status as ResourceCourseOption['status'] }));
}
