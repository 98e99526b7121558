import type { Knex } from 'knex';
import { courseAudience, type Principal, type ResourceAudience } from '@shared/policies';
import type { ResourceListQuery } from '@shared/schemas';
import { audienceSql } from '../courses';
import { intLiteral, likePattern, tagsJsonSql } from '../../db/sql';
import type { ModelObject } from 'objection';
import type { Resource } from '../../models';

/** A resource row with what the member's access is decided from (one query, no N+1). */
export type ResourceRow = Omit<ModelObject<Resource>, 'type' | 'visibility' | 'updated_at'> & {
  type: 'Link' | 'Article' | 'Course';
  visibility: 'Free' | 'For Sale' | 'For Sale Premium' | 'Included with Premium';
  owned: boolean;
  tag_match: boolean;
  /** In a category marked premium slides. */
  premium_slides: boolean;
  categories: Array<{ id: number; name: string; premiumSlides: boolean }> | string;
  tags: Array<{ id: number; name: string }> | string;
  lesson_id: number | null;
};

/**
 * The shared listing rule (isResourceListed) as SQL, over `r` and the member's ownership `ur`:
 * hidden resources for admins only; For Sale Premium for the premium tier, owners and tag holders.
 * Only integer literals are interpolated; user text is always a binding.
 */
function listedSql(a: ResourceAudience, tagMatch: string): string {
  if (a.admin) return 'true';
  const premium = a.premiumTier ? 'true' : 'false';
  return `(not r.hidden and (r.visibility <> 'For Sale Premium' or ${premium} or ur.user_id is not null or ${tagMatch}))`;
}

/**
 * The SELECT of resources as `user` sees them: categories and required tags aggregated in
 * subqueries, ownership by a join, the tag match and the first lesson (of the course's lessons
 * the member can open, by the courses area's own visibility rules) as scalar subqueries.
 */
export function resourcesSelect(knex: Knex, user: Principal, a: ResourceAudience) {
  const tags = a.tagIds.map(intLiteral);
  const tagMatch =
    tags.length === 0
      ? 'false'
      : `exists (select 1 from resource_tags x where x.resource_id = r.id and x.tag_id in (${tags.join(',')}))`;
  const course = audienceSql(courseAudience(user));
  const query = knex('resources as r')
    .leftJoin('user_resources as ur', (j) => {
      j.on('ur.resource_id', '=', 'r.id').andOn('ur.user_id', '=', knex.raw(intLiteral(a.userId)));
    })
    .select(
      'r.*',
      knex.raw('(ur.user_id is not null) as owned'),
      knex.raw(`${tagMatch} as tag_match`),
      knex.raw(`coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name, 'premiumSlides', c.premium_slides) order by lower(c.name), c.id)
        from resource_categories rc join categories c on c.id = rc.category_id where rc.resource_id = r.id), '[]'::json) as categories`),
      knex.raw(`${tagsJsonSql('resource_tags', 'resource_id', 'r')} as tags`),
      knex.raw(`exists (select 1 from resource_categories pr join categories pc on pc.id = pr.category_id
        where pr.resource_id = r.id and pc.premium_slides) as premium_slides`),
      knex.raw(`(select l.id from modules m join lessons l on l.module_id = m.id join courses c on c.id = m.course_id
        where m.course_id = r.course_id and ${course.courseAccess('c')} and ${course.moduleVisible('m')} and ${course.lessonVisible('l')}
        order by m.position, l.position, l.id limit 1) as lesson_id`),
    )
    .whereRaw(listedSql(a, tagMatch));
  return query;
}

/** Read-many (docs/areas/resources.md#api): search (title or description), categories (any of), type, page. */
export function listResources(knex: Knex, user: Principal, a: ResourceAudience, q: ResourceListQuery) {
  const query = resourcesSelect(knex, user, a);
  if (q.search) {
    const pattern = likePattern(q.search);
    query.where((w) => {
      void w.whereRaw('r.title ilike ?', [pattern]).orWhereRaw(`coalesce(r.description, '') ilike ?`, [pattern]);
    });
  }
  if (q.categories.length > 0) {
    query.whereExists((s) => {
      void s
        .select(knex.raw('1'))
        .from('resource_categories as fc')
        .whereRaw('fc.resource_id = r.id')
        .whereIn('fc.category_id', q.categories);
    });
  }
  if (q.type === 'marketplace') query.whereIn('r.visibility', ['For Sale', 'For Sale Premium']);
  if (q.type === 'my-purchases') query.whereNotNull('ur.user_id');
  return query
    .orderBy([
      { column: 'r.created_at', order: 'desc' },
      { column: 'r.id', order: 'desc' },
    ])
    .limit(q.itemsPerPage)
    .offset((q.page - 1) * q.itemsPerPage) as unknown as Promise<ResourceRow[]>;
}

export async function findResource(
  knex: Knex,
  user: Principal,
  a: ResourceAudience,
  id: number,
): Promise<ResourceRow | undefined> {
  const rows = (await resourcesSelect(knex, user, a).where('r.id', id)) as ResourceRow[];
  return rows[0];
}
