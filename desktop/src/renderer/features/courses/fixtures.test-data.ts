import type { Course, CourseCatalog, Lesson, Module } from '@shared/types';

/** Test data for the courses screens (used by the *.test.tsx files only). */
export function makeLesson(id: number, moduleId: number, over: Partial<Lesson> = {}): Lesson {
  return {
    id,
    title: `Lesson ${id}`,
    content: `Content of lesson ${id}`,
    ModuleId: moduleId,
    position: 1,
    Tags: [],
    completed: 'false',
    moduleTitle: `Module ${moduleId}`,
    courseTitle: 'FBA Basics',
    courseSlug: 'fba-basics',
    ...over,
  };
}

export function makeModule(id: number, lessons: Lesson[], over: Partial<Module> = {}): Module {
  const done = lessons.filter((l) => l.completed === 'true').length;
  return {
    id,
    title: `Module ${id}`,
    CourseId: 1,
    position: 1,
    courseTitle: 'FBA Basics',
    courseSlug: 'fba-basics',
    visibleToBasic: true,
    visibleToPremium: true,
    Tags: [],
    Lessons: lessons,
    totalProgress: lessons.length ? Math.round((done / lessons.length) * 100) : 0,
    lessonCount: lessons.length,
    completedCount: done,
    ...over,
  };
}

export function makeCourse(id: number, over: Partial<Course> = {}): Course {
  return {
    id,
    title: `Course ${id}`,
    description: `About course ${id}`,
    status: 'PUBLISHED',
    slug: `course-${id}`,
    Tags: [],
    coverPhotoUrl: null,
    visibleToBasic: true,
    visibleToPremium: true,
    position: id,
    totalProgress: 0,
    hasAccess: true,
    moduleCount: 1,
    lessonCount: 4,
    completedCount: 0,
    ...over,
  };
}

export function catalog(courses: Course[], over: Partial<CourseCatalog> = {}): CourseCatalog {
  return {
    courses,
    modules: [],
    lessonsTitles: [],
    lessonsContent: [],
    counts: { courses: courses.length, modules: 0, lessonsTitles: 0, lessonsContent: 0 },
    ...over,
  };
}

/** A course detail: two modules (lessons 11, 12 and 21), lesson 11 completed. */
export function detailCourse(over: Partial<Course> = {}): Course & { Modules: Module[] } {
  const m1 = makeModule(1, [
    makeLesson(11, 1, { title: 'Welcome', completed: 'true', content: '## Hello\n\n| a | b |\n|---|---|\n| 1 | 2 |' }),
    makeLesson(12, 1, { title: 'Research', position: 2 }),
  ]);
  const m2 = makeModule(2, [makeLesson(21, 2, { title: 'Suppliers' })], { title: 'Sourcing', position: 2 });
  return {
    ...makeCourse(1, {
      title: 'FBA Basics',
      slug: 'fba-basics',
      totalProgress: 33,
      lessonCount: 3,
      completedCount: 1,
      moduleCount: 2,
    }),
    Modules: [m1, m2],
    ...over,
  };
}
