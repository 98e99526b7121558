import type { Knex } from 'knex';
import type { LessonUpsertInput } from '@shared/schemas';
import { MESSAGES } from '@shared/messages';
import { audit } from '../../core/audit';
import { badRequest, conflict, notFound } from '../../core/errors';
import { LessonCompletion } from '../../models';
import { replaceTags, type Actor } from './course-service';
import {
  compactLessons,
  deferPositionConstraints,
  lockCourseTrees,
  lockLooseModule,
  openGap,
  targetPosition,
} from './positions';

interface LessonPlace {
  id: number;
  module_id: number;
  position: number;
}

const moduleCourse = async (trx: Knex.Transaction, moduleId: number) =>
  (await trx('modules').select('id', 'course_id').where({ id: moduleId }).first()) as
    { id: number; course_id: number | null } | undefined;

/** Takes the locks that order the lessons of these modules (their courses', or their own). */
async function lockModules(trx: Knex.Transaction, modules: Array<{ id: number; course_id: number | null }>) {
  await lockCourseTrees(
    trx,
    modules.map((m) => m.course_id),
  );
  for (const m of [...modules].sort((a, b) => a.id - b.id)) if (m.course_id === null) await lockLooseModule(trx, m.id);
}

async function readLesson(trx: Knex.Transaction, id: number, lock = false): Promise<LessonPlace | undefined> {
  const q = trx('lessons').select('id', 'module_id', 'position').where({ id });
  if (lock) q.forUpdate();
  return (await q.first()) as LessonPlace | undefined;
}

/**
 * Creates or updates a lesson, in the caller's (one) transaction. A new lesson goes to the end of its module, or to
 * `position` (1..n+1) when given (0 or none: the end). Changing ModuleId moves the lesson to the end
 * of that module and closes the gap it leaves.
 */
export async function saveLesson(
  trx: Knex.Transaction,
  input: LessonUpsertInput,
  by: Actor,
): Promise<{ id: number; isNew: boolean }> {
  await deferPositionConstraints(trx);
  const peek = input.id ? await readLesson(trx, input.id) : undefined;
  if (input.id && !peek) throw notFound(MESSAGES.lessonNotFound);
  const target = await moduleCourse(trx, input.ModuleId);
  if (!target) throw badRequest('Choose an existing module', { ModuleId: 'Choose an existing module' });
  const source = peek && peek.module_id !== target.id ? await moduleCourse(trx, peek.module_id) : undefined;
  await lockModules(trx, source ? [target, source] : [target]);
  const before = input.id ? await readLesson(trx, input.id, true) : undefined;
  const targetNow = await moduleCourse(trx, target.id);
  if ((peek && before?.module_id !== peek.module_id) || targetNow?.course_id !== target.course_id) {
    throw conflict(MESSAGES.courseOrderChanged);
  }
  const parent = { column: 'module_id', id: target.id };
  let position = before?.position ?? 0;
  const moved = !before || before.module_id !== target.id;
  if (moved) {
    position = await targetPosition(trx, 'lessons', parent, before ? undefined : input.position);
    await openGap(trx, 'lessons', parent, position);
  }
  const values = { title: input.title, content: input.content, module_id: target.id, position };
  let id: number;
  if (before) {
    id = before.id;
    await trx('lessons')
      .where({ id })
      .update({ ...values, updated_at: trx.fn.now() });
    if (moved) await compactLessons(trx, before.module_id);
  } else {
    const [row] = await trx('lessons').insert(values).returning<Array<{ id: number }>>('id');
    id = row!.id;
  }
  await compactLessons(trx, target.id);
  await replaceTags(trx, 'lesson_tags', 'lesson_id', id, input.Tags);
  await audit(trx, {
    actorId: by.actorId,
    action: before ? 'lesson.update' : 'lesson.create',
    details: { lessonId: id, moduleId: target.id },
    ip: by.ip,
  });
  return { id, isNew: !before };
}

/** Deletes a lesson (and its completions) and closes the gap in its module, in the caller's transaction. */
export async function deleteLesson(trx: Knex.Transaction, id: number, by: Actor): Promise<void> {
  await deferPositionConstraints(trx);
  const peek = await readLesson(trx, id);
  if (!peek) throw notFound(MESSAGES.lessonNotFound);
  const module = await moduleCourse(trx, peek.module_id);
  await lockModules(trx, module ? [module] : []);
  const row = await readLesson(trx, id, true);
  if (row?.module_id !== peek.module_id) throw conflict(MESSAGES.courseOrderChanged);
  await trx('lessons').where({ id }).del();
  await compactLessons(trx, peek.module_id);
  await audit(trx, { actorId: by.actorId, action: 'lesson.delete', details: { lessonId: id }, ip: by.ip });
}

/** Marks a lesson completed for a user; doing it twice changes nothing. */
export async function markCompleted(trx: Knex.Transaction, userId: number, lessonId: number): Promise<void> {
  await trx.raw(
    'insert into lesson_completions (user_id, lesson_id) values (?, ?) on conflict (user_id, lesson_id) do nothing',
    [userId, lessonId],
  );
}

export async function markUncompleted(trx: Knex.Transaction, userId: number, lessonId: number): Promise<void> {
  await LessonCompletion.query(trx).delete().where({ user_id: userId, lesson_id: lessonId });
}
