import { percent } from '@shared/calc/progress';
import type { Course, CourseStatus, Lesson, LessonSummary, Module, ModuleSummary, TagRef } from '@shared/types';
import type { ModelObject } from 'objection';
import type { Course as CourseModel, Lesson as LessonModel, Module as ModuleModel } from '../../models';
import { cleanSnippet } from './search';

/**
 * Rows as the course queries select them: the models' columns (docs/architecture.md, "Data") plus
 * the aggregates and joined names each query adds. Tags come as JSON (a string on PGlite).
 */
type Tags = TagRef[] | string;

export type CourseRow = Omit<ModelObject<CourseModel>, 'status' | 'created_at' | 'updated_at'> & {
  status: CourseStatus;
  tags: Tags;
  has_access?: boolean;
  module_count?: number;
  lesson_count?: number;
  completed_count?: number;
};

export type ModuleRow = Omit<ModelObject<ModuleModel>, 'created_at' | 'updated_at' | 'course' | 'tags'> & {
  tags?: Tags;
  course_title?: CourseModel['title'] | null;
  course_slug?: CourseModel['slug'] | null;
  lesson_count?: number;
  completed_count?: number;
};

export type LessonRow = Pick<LessonModel, 'id' | 'title' | 'module_id' | 'position'> &
  Partial<Pick<LessonModel, 'content'>> & {
    tags?: Tags;
    completed: boolean;
    module_title: ModuleModel['title'];
    course_id: ModuleModel['course_id'];
    course_title: CourseModel['title'] | null;
    course_slug: CourseModel['slug'] | null;
    snippet?: string | null;
    snippet_from_start?: boolean;
  };

const list = <T>(v: T[] | string | undefined | null): T[] =>
  typeof v === 'string' ? (JSON.parse(v) as T[]) : (v ?? []);

/** A course as docs/areas/courses.md#data names it; progress over the lessons the user can see. */
export function presentCourse(row: CourseRow): Course {
  const lessonCount = row.lesson_count ?? 0;
  const completedCount = row.completed_count ?? 0;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    slug: row.slug,
    Tags: list(row.tags),
    coverPhotoUrl: row.cover_photo_url,
    visibleToBasic: row.visible_to_basic,
    visibleToPremium: row.visible_to_premium,
    position: row.position,
    totalProgress: percent(completedCount, lessonCount),
    hasAccess: row.has_access ?? true,
    moduleCount: row.module_count ?? 0,
    lessonCount,
    completedCount,
  };
}

export function presentModuleSummary(row: ModuleRow): ModuleSummary {
  const lessonCount = row.lesson_count ?? 0;
  const completedCount = row.completed_count ?? 0;
  return {
    id: row.id,
    title: row.title,
    CourseId: row.course_id,
    position: row.position,
    courseTitle: row.course_title ?? null,
    courseSlug: row.course_slug ?? null,
    visibleToBasic: row.visible_to_basic,
    visibleToPremium: row.visible_to_premium,
    Tags: list(row.tags),
    totalProgress: percent(completedCount, lessonCount),
    lessonCount,
    completedCount,
  };
}

export function presentModule(row: ModuleRow, lessons: Lesson[]): Module {
  const completedCount = lessons.filter((l) => l.completed === 'true').length;
  return {
    ...presentModuleSummary({ ...row, lesson_count: lessons.length, completed_count: completedCount }),
    Lessons: lessons,
  };
}

export function presentLesson(row: LessonRow): Lesson {
  return {
    id: row.id,
    title: row.title,
    content: row.content ?? '',
    ModuleId: row.module_id,
    position: row.position,
    Tags: list(row.tags),
    completed: row.completed ? 'true' : 'false',
    moduleTitle: row.module_title,
    courseTitle: row.course_title,
    courseSlug: row.course_slug,
  };
}

export function presentLessonSummary(row: LessonRow): LessonSummary {
  const summary: LessonSummary = {
    id: row.id,
    title: row.title,
    ModuleId: row.module_id,
    CourseId: row.course_id,
    position: row.position,
    completed: row.completed ? 'true' : 'false',
    moduleTitle: row.module_title,
    courseTitle: row.course_title,
    courseSlug: row.course_slug,
  };
  if (typeof row.snippet === 'string') summary.snippet = cleanSnippet(row.snippet, row.snippet_from_start ?? true);
  return summary;
}

/** The in-app address of a lesson (docs/areas/courses.md#screens course detail route). */
export function lessonUrl(courseSlug: string, moduleId: number, lessonId: number): string {
  return `/courses/${encodeURIComponent(courseSlug)}/${moduleId}/${lessonId}`;
}
