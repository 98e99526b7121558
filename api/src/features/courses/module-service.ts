import type { Knex } from 'knex';
import type { ModuleUpsertInput } from '@shared/schemas';
import { MESSAGES } from '@shared/messages';
import { audit } from '../../core/audit';
import { badRequest, conflict, notFound } from '../../core/errors';
import { replaceTags, type Actor } from './course-service';
import { compactModules, deferPositionConstraints, lockCourseTrees, openGap, targetPosition } from './positions';

interface ModuleState {
  id: number;
  course_id: number | null;
  position: number;
}

interface CourseFlags {
  id: number;
  visible_to_basic: boolean;
  visible_to_premium: boolean;
}

/** A module's place; `lock` takes its row lock (after the course locks, never before). */
async function readModule(trx: Knex.Transaction, id: number, lock = false): Promise<ModuleState | undefined> {
  const q = trx('modules').select('id', 'course_id', 'position').where({ id });
  if (lock) q.forUpdate();
  return (await q.first()) as ModuleState | undefined;
}

/**
 * Creates or updates a module, in the caller's (one) transaction. A new module takes its visibility flags from its
 * course unless given (docs/areas/courses.md#limits) and goes to the end of the course (or to `position`). Moving a
 * module to another course appends it there and closes the gap it leaves. CourseId null detaches it.
 */
export async function saveModule(
  trx: Knex.Transaction,
  input: ModuleUpsertInput,
  by: Actor,
): Promise<{ id: number; isNew: boolean }> {
  await deferPositionConstraints(trx);
  const peek = input.id ? await readModule(trx, input.id) : undefined;
  if (input.id && !peek) throw notFound(MESSAGES.moduleNotFound);
  // An update that leaves CourseId out keeps the module where it is.
  const courseId = input.CourseId === undefined ? (peek?.course_id ?? null) : input.CourseId;
  await lockCourseTrees(trx, [peek?.course_id, courseId]);
  const before = input.id ? await readModule(trx, input.id, true) : undefined;
  if (peek && before?.course_id !== peek.course_id) throw conflict(MESSAGES.courseOrderChanged);
  let course: CourseFlags | undefined;
  if (courseId !== null) {
    course = (await trx('courses')
      .select('id', 'visible_to_basic', 'visible_to_premium')
      .where({ id: courseId })
      .first()) as CourseFlags | undefined;
    if (!course) throw badRequest('Choose an existing course', { CourseId: 'Choose an existing course' });
  }
  const moved = !before || before.course_id !== courseId;
  let position = before?.position ?? 0;
  if (moved) {
    position = 0;
    if (courseId !== null) {
      position = await targetPosition(trx, 'modules', { column: 'course_id', id: courseId }, input.position);
      await openGap(trx, 'modules', { column: 'course_id', id: courseId }, position);
    }
  }
  const values: Record<string, unknown> = {
    title: input.title,
    course_id: courseId,
    position,
    visible_to_basic: input.visibleToBasic ?? (before ? undefined : (course?.visible_to_basic ?? true)),
    visible_to_premium: input.visibleToPremium ?? (before ? undefined : (course?.visible_to_premium ?? true)),
  };
  for (const k of Object.keys(values)) if (values[k] === undefined) delete values[k];
  let id: number;
  if (before) {
    id = before.id;
    await trx('modules')
      .where({ id })
      .update({ ...values, updated_at: trx.fn.now() });
    if (moved && before.course_id !== null) await compactModules(trx, before.course_id);
  } else {
    const [row] = await trx('modules').insert(values).returning<Array<{ id: number }>>('id');
    id = row!.id;
  }
  if (courseId !== null) await compactModules(trx, courseId);
  await replaceTags(trx, 'module_tags', 'module_id', id, input.Tags);
  await audit(trx, {
    actorId: by.actorId,
    action: before ? 'module.update' : 'module.create',
    details: { moduleId: id, courseId },
    ip: by.ip,
  });
  return { id, isNew: !before };
}

/** Deletes a module with its lessons (and their completions) and closes the gap, in the caller's transaction. */
export async function deleteModule(trx: Knex.Transaction, id: number, by: Actor): Promise<{ lessons: number }> {
  await deferPositionConstraints(trx);
  const peek = await readModule(trx, id);
  if (!peek) throw notFound(MESSAGES.moduleNotFound);
  await lockCourseTrees(trx, [peek.course_id]);
  const row = await readModule(trx, id, true);
  if (row?.course_id !== peek.course_id) throw conflict(MESSAGES.courseOrderChanged);
  const counted = await trx('lessons')
    .where({ module_id: id })
    .count('* as count')
    .first<{ count: number | string } | undefined>();
  const lessons = Number(counted?.count ?? 0);
  await trx('modules').where({ id }).del();
  if (peek.course_id !== null) await compactModules(trx, peek.course_id);
  await audit(trx, { actorId: by.actorId, action: 'module.delete', details: { moduleId: id, lessons }, ip: by.ip });
  return { lessons };
}
