import type { Knex } from 'knex';
import { MESSAGES } from '@shared/messages';
import type { CategoryUpsertInput } from '@shared/schemas';
import type { ResourceCourseOption } from '@shared/types';
import { audit } from '../../core/audit';
import { conflict, isUniqueViolation, notFound } from '../../core/errors';

/** The SQL of the resource categories (the routes hold none). */
export interface CategoryRow {
  id: number;
  name: string;
  premium_slides: boolean;
}

const COLUMNS = ['id', 'name', 'premium_slides'];

export async function listCategories(knex: Knex): Promise<CategoryRow[]> {
  return (await knex('categories').select(COLUMNS).orderByRaw('lower(name), id').limit(1000)) as CategoryRow[];
}

/** Creates or updates a category and writes its audit row, in one transaction; a taken name is a 409. */
export async function saveCategory(
  knex: Knex,
  input: CategoryUpsertInput,
  actor: { actorId: number; ip: string },
): Promise<CategoryRow> {
  const values: Record<string, unknown> = { name: input.name };
  if (input.premiumSlides !== undefined) values.premium_slides = input.premiumSlides;
  try {
    return await knex.transaction(async (trx) => {
      const [saved] = input.id
        ? await trx('categories').where({ id: input.id }).update(values).returning<CategoryRow[]>(COLUMNS)
        : await trx('categories').insert(values).returning<CategoryRow[]>(COLUMNS);
      if (!saved) throw notFound(MESSAGES.categoryNotFound);
      await audit(trx, {
        actorId: actor.actorId,
        action: input.id ? 'category.update' : 'category.create',
        details: { categoryId: saved.id, name: saved.name, premiumSlides: saved.premium_slides },
        ip: actor.ip,
      });
      return saved;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'categories_name_unique')) {
      throw conflict(MESSAGES.categoryNameInUse, { name: MESSAGES.categoryNameInUse });
    }
    throw err;
  }
}

/** Deletes a category (its resources stay) and writes the audit row, in one transaction. */
export async function deleteCategory(knex: Knex, id: number, actor: { actorId: number; ip: string }): Promise<void> {
  await knex.transaction(async (trx) => {
    const deleted = await trx('categories').where({ id }).del();
    if (!deleted) throw notFound(MESSAGES.categoryNotFound);
    await audit(trx, { actorId: actor.actorId, action: 'category.delete', details: { categoryId: id }, ip: actor.ip });
  });
}

/** The courses a Course resource may open (admin form). */
export async function listCourseOptions(knex: Knex): Promise<ResourceCourseOption[]> {
  const rows = (await knex('courses').select('id', 'title', 'status').orderBy('position').limit(1000)) as Array<{
    id: number;
    title: string;
    status: 'DRAFT' | 'PUBLISHED';
  }>;
  return rows.map((r) => ({ id: r.id, title: r.title, status: r.status }));
}
