import crypto from 'node:crypto';
import type { Knex } from 'knex';

export interface ResourceFactoryInput {
  title?: string;
  description?: string | null;
  type?: 'Link' | 'Article' | 'Course';
  visibility?: 'Free' | 'For Sale' | 'For Sale Premium' | 'Included with Premium';
  content?: string | null;
  url?: string | null;
  priceCents?: number | null;
  purchaseUrl?: string | null;
  courseId?: number | null;
  hidden?: boolean;
  createdAt?: string;
  categories?: number[];
  tags?: number[];
  owners?: number[];
}

/** Inserts a resource (a Free Link unless told otherwise) with its categories, tags and owners. */
export async function createResource(
  knex: Knex,
  input: ResourceFactoryInput = {},
): Promise<{ id: number; title: string }> {
  const type = input.type ?? 'Link';
  const title = input.title ?? `Resource ${crypto.randomBytes(4).toString('hex')}`;
  const [row] = await knex('resources')
    .insert({
      title,
      description: input.description ?? null,
      type,
      visibility: input.visibility ?? 'Free',
      content: input.content ?? (type === 'Article' ? '# Article\n\nThe secret article text.' : null),
      url: input.url ?? (type === 'Link' ? 'https://example.com/guide' : null),
      price_cents: input.priceCents ?? null,
      purchase_url: input.purchaseUrl ?? null,
      course_id: input.courseId ?? null,
      hidden: input.hidden ?? false,
      ...(input.createdAt ? { created_at: new Date(input.createdAt) } : {}),
    })
    .returning<Array<{ id: number; title: string }>>(['id', 'title']);
  const id = row!.id;
  if (input.categories?.length) {
    await knex('resource_categories').insert(input.categories.map((c) => ({ resource_id: id, category_id: c })));
  }
  if (input.tags?.length) await knex('resource_tags').insert(input.tags.map((t) => ({ resource_id: id, tag_id: t })));
  if (input.owners?.length) {
    await knex('user_resources').insert(input.owners.map((u) => ({ user_id: u, resource_id: id, source: 'admin' })));
  }
  return row!;
}

export async function createCategory(knex: Knex, name?: string): Promise<{ id: number; name: string }> {
  const [row] = await knex('categories')
    .insert({ name: name ?? `Category ${crypto.randomBytes(4).toString('hex')}` })
    .returning<Array<{ id: number; name: string }>>(['id', 'name']);
  return row!;
}

/** Counts the SQL statements run while `fn` runs (knex 'query' events). */
export async function countQueries(knex: Knex, fn: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const listener = () => {
    count += 1;
  };
  knex.on('query', listener);
  try {
    await fn();
  } finally {
    knex.removeListener('query', listener);
  }
  return count;
}
