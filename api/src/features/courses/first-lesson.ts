import type { Knex } from 'knex';
import type { CourseAudience } from '@shared/policies';
import { audienceSql, visibleTreeCtes } from './audience';

/**
 * The in-app path of the first lesson `audience` can open (`/courses/:slug/:moduleId/:lessonId`:
 * courses, modules and lessons in their order), or null when they can open none. The dashboard's
 * getting-started checklist links its first step there (docs/screens.md#getting-started).
 */
export async function firstLessonPath(knex: Knex, audience: CourseAudience): Promise<string | null> {
  const a = audienceSql(audience);
  const result = await knex.raw<{ rows: Array<{ slug: string; module_id: number; lesson_id: number }> }>(
    `with ${visibleTreeCtes(a)}
    select c.slug, vm.id as module_id, l.id as lesson_id
    from vis_lessons vl
    join lessons l on l.id = vl.id
    join vis_modules vm on vm.id = vl.module_id
    join courses c on c.id = vl.course_id
    order by vm.course_position, c.id, vm.module_position, vm.id, l.position, l.id
    limit 1`,
  );
  const row = result.rows[0];
  return row ? `/courses/${encodeURIComponent(row.slug)}/${row.module_id}/${row.lesson_id}` : null;
}
