import * as yup from 'yup';
import { COURSES_PER_REQUEST, LESSON_CONTENT_MAX_CHARS } from '../limits';
import { MESSAGES } from '../messages';
import { decimal, id, integer } from './fields';

const required = MESSAGES.fieldRequired;
const idRefs = () =>
  yup
    .array(yup.object({ id: id().required() }))
    .max(1000)
    .optional();
const optionalText = (max: number) =>
  yup
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v: unknown) => (v === '' ? null : v));

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MESSAGE = 'Use lowercase letters, numbers and single hyphens';

/** A slug from a title: 'Amazon FBA: Part 1' -> 'amazon-fba-part-1'. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
}

/** Course form (docs/areas/courses.md#validation): title and slug required, description optional; Modules attach modules. */
export const courseUpsertSchema = yup.object({
  id: id().optional(),
  title: yup.string().trim().required(required).max(200),
  slug: yup
    .string()
    .trim()
    .lowercase()
    .required(required)
    .max(100)
    .matches(SLUG_PATTERN, { message: SLUG_MESSAGE, excludeEmptyString: true }),
  description: optionalText(5000),
  status: yup
    .string()
    .oneOf(['DRAFT', 'PUBLISHED'] as const)
    .default('DRAFT'),
  coverPhotoUrl: optionalText(2000),
  visibleToBasic: yup.boolean().default(true),
  visibleToPremium: yup.boolean().default(true),
  Tags: idRefs(),
  /** The course's modules: modules with no course or of this course; others are detached. */
  Modules: idRefs(),
});
export type CourseUpsertInput = yup.InferType<typeof courseUpsertSchema>;

/** A new module's flags default from its course (the API fills them when absent). */
export const moduleUpsertSchema = yup.object({
  id: id().optional(),
  title: yup.string().trim().required(required).max(200),
  CourseId: id().nullable().optional(),
  position: integer().min(0).max(100_000).optional(),
  visibleToBasic: yup.boolean().optional(),
  visibleToPremium: yup.boolean().optional(),
  Tags: idRefs(),
});
export type ModuleUpsertInput = yup.InferType<typeof moduleUpsertSchema>;

/** Position 0 or none appends the lesson to its module; 1..n+1 inserts it there. */
export const lessonUpsertSchema = yup.object({
  id: id().optional(),
  title: yup.string().trim().required(required).max(200),
  content: yup.string().max(LESSON_CONTENT_MAX_CHARS, 'The lesson is too long').default(''),
  ModuleId: id().required('Choose a module'),
  position: integer().min(0).max(100_000).optional(),
  Tags: idRefs(),
});
export type LessonUpsertInput = yup.InferType<typeof lessonUpsertSchema>;

const positioned = () => yup.object({ id: id().required(), position: integer().min(0).max(100_000).required() });

export const reorderCoursesSchema = yup.object({
  courses: yup.array(positioned()).min(1).max(10_000).required(required),
});

export const reorderModulesSchema = yup.object({
  modules: yup.array(positioned()).min(1).max(10_000).required(required),
});

/** Manage Order: the course's modules, each with all its lessons, in their new order. */
export const reorderCourseSchema = yup.object({
  courseId: id().required(required),
  modules: yup
    .array(
      yup.object({
        id: id().required(),
        position: integer().min(0).max(100_000).required(),
        Lessons: yup.array(positioned()).max(10_000).default([]),
      }),
    )
    .max(10_000)
    .required(required),
});
export type ReorderCourseInput = yup.InferType<typeof reorderCourseSchema>;

export const lessonIdSchema = yup.object({ lessonId: id().required(required) });

export const courseListQuerySchema = yup.object({
  search: yup.string().trim().max(200).default(''),
  itemsPerPage: decimal().integer().min(1).max(COURSES_PER_REQUEST).default(COURSES_PER_REQUEST),
});

/**
 * GET /api/lesson/read-many without ModuleId or courseId (admins only): every lesson, paged.
 * The call takes no parameter (docs/areas/courses.md#api); the filtered read keeps ModuleId/courseId.
 */
export const LESSONS_PER_PAGE_DEFAULT = 100;
export const lessonPageQuerySchema = yup.object({
  page: integer().min(1, 'The page starts at 1').max(1_000_000).default(1),
  itemsPerPage: integer()
    .min(1, 'At least 1 per page')
    .max(COURSES_PER_REQUEST, `At most ${COURSES_PER_REQUEST} per page`)
    .default(LESSONS_PER_PAGE_DEFAULT),
});
export type LessonPageQuery = yup.InferType<typeof lessonPageQuerySchema>;

export const courseDetailQuerySchema = yup.object({ search: yup.string().trim().max(200).default('') });

/** GET /api/course/access?slug: the slug is checked by the API (400 without one, 404 for one that cannot exist). */
export const courseAccessQuerySchema = yup.object({ slug: yup.string().optional() });

/** GET /api/lesson/read-options?search: the lesson picker's choices. */
export const lessonOptionsQuerySchema = yup.object({ search: yup.string().trim().max(200).default('') });

const INVALID_ID = 'Invalid id';

/**
 * An optional id in a query string: digits only, 1..2147483647; anything else is 'Invalid id' (it
 * casts to 0, not to NaN: the API words every type error alike, and this message is the field's own).
 */
const queryId = () =>
  decimal()
    .transform((value: number, original: unknown) => {
      if (original === undefined) return undefined;
      return typeof original === 'string' && /^\d{1,10}$/.test(original) ? Number(original) : 0;
    })
    .positive(INVALID_ID)
    .max(2_147_483_647, INVALID_ID)
    .optional();

/**
 * GET /api/lesson/read-many: the lessons of ModuleId or of courseId. Without either (course managers
 * only) every lesson, paged: `page` and `itemsPerPage` are then checked with lessonPageQuerySchema.
 */
export const lessonListQuerySchema = yup.object({
  ModuleId: queryId(),
  courseId: queryId(),
  page: yup.string().optional(),
  itemsPerPage: yup.string().optional(),
});
