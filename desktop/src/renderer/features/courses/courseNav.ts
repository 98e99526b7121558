import { percent } from '@shared/calc/progress';
import type { Course, Lesson, Module } from '@shared/types';

/** The address of a course, a module or a lesson on the course detail screen (docs/areas/courses.md#screens). */
export function coursePath(slug: string, moduleId?: number, lessonId?: number): string {
  let path = `/courses/${encodeURIComponent(slug)}`;
  if (moduleId) path += `/${moduleId}`;
  if (moduleId && lessonId) path += `/${lessonId}`;
  return path;
}

export interface LessonRef {
  module: Module;
  lesson: Lesson;
}

/** Every lesson of a course in reading order (module by module). */
export function lessonsInOrder(modules: readonly Module[]): LessonRef[] {
  return modules.flatMap((module) => module.Lessons.map((lesson) => ({ module, lesson })));
}

/**
 * The lesson a course detail address shows: the lesson asked for; for a module address its first
 * lesson; none for the course address (the overview shows instead).
 */
export function currentLesson(modules: readonly Module[], moduleId?: number, lessonId?: number): LessonRef | null {
  const all = lessonsInOrder(modules);
  if (lessonId) return all.find((r) => r.lesson.id === lessonId) ?? null;
  if (moduleId) return all.find((r) => r.module.id === moduleId) ?? null;
  return null;
}

/** The lesson after `lessonId` in reading order, across modules; null after the last one. */
export function nextLesson(modules: readonly Module[], lessonId: number): LessonRef | null {
  const all = lessonsInOrder(modules);
  const i = all.findIndex((r) => r.lesson.id === lessonId);
  return i >= 0 ? (all[i + 1] ?? null) : null;
}

/** Where "Start" or "Continue" goes: the first lesson not completed yet, else the first lesson. */
export function resumeLesson(modules: readonly Module[]): LessonRef | null {
  const all = lessonsInOrder(modules);
  return all.find((r) => r.lesson.completed !== 'true') ?? all[0] ?? null;
}

/**
 * The dashboard's overall course progress: completed lessons over the lessons the member can see
 * in the courses they can open, as a whole percent (the same rounding as each course's).
 */
export function overallProgress(courses: readonly Course[]): number {
  let done = 0;
  let total = 0;
  for (const c of courses) {
    if (!c.hasAccess) continue;
    done += c.completedCount;
    total += c.lessonCount;
  }
  return percent(done, total);
}

export const isCompleted = (progress: number) => progress >= 100;
