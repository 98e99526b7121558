/** docs/areas/courses.md#data Course, Module and Lesson as the API sends them (field names exactly as the spec's). */

export type CourseStatus = 'DRAFT' | 'PUBLISHED';
export const COURSE_STATUSES: readonly CourseStatus[] = ['DRAFT', 'PUBLISHED'];

export interface TagRef {
  id: number;
  name: string;
}

/** A lesson: `completed` is the string 'true' or 'false', as docs/areas/courses.md#data words it. */
export interface Lesson {
  id: number;
  title: string;
  /** Markdown (GFM); rendered without raw HTML. */
  content: string;
  ModuleId: number;
  position: number;
  Tags: TagRef[];
  completed: 'true' | 'false';
  moduleTitle: string;
  courseTitle: string | null;
  courseSlug: string | null;
}

/** GET /api/lesson/read-many without a filter (admins): one page of every lesson, drafts included. */
export interface LessonPage {
  lessons: Lesson[];
  page: number;
  itemsPerPage: number;
  /** Every lesson in the portal, on all pages. */
  total: number;
}

/** A lesson in a list or search result: no content, an excerpt when it matched by content. */
export interface LessonSummary extends Omit<Lesson, 'content' | 'Tags'> {
  CourseId: number | null;
  snippet?: string;
}

export interface Module {
  id: number;
  title: string;
  CourseId: number | null;
  position: number;
  courseTitle: string | null;
  courseSlug: string | null;
  visibleToBasic: boolean;
  visibleToPremium: boolean;
  Tags: TagRef[];
  Lessons: Lesson[];
  /** Completed share of the module's lessons the user can see, whole percent. */
  totalProgress: number;
  lessonCount: number;
  completedCount: number;
}

/** A module in a list or search result (no lessons). */
export type ModuleSummary = Omit<Module, 'Lessons'>;

export interface Course {
  id: number;
  title: string;
  description: string | null;
  status: CourseStatus;
  slug: string;
  /** Required tags: holding one grants access (see shared/src/policies/courses.ts). */
  Tags: TagRef[];
  coverPhotoUrl: string | null;
  visibleToBasic: boolean;
  visibleToPremium: boolean;
  position: number;
  /** Completed share of the course's lessons the user can see, whole percent. */
  totalProgress: number;
  /** Whether the user may open the course (a listed course may still need a tag). */
  hasAccess: boolean;
  moduleCount: number;
  lessonCount: number;
  completedCount: number;
  /** Present on GET /api/course/{slug}. */
  Modules?: Module[];
}

/** GET /api/course/{slug}/outline: titles only, for a course the member cannot open yet. */
export interface CourseOutline {
  title: string;
  slug: string;
  description: string | null;
  hasAccess: boolean;
  /** Holding one of these tags grants access. */
  Tags: TagRef[];
  modules: Array<{ id: number; title: string; lessons: Array<{ id: number; title: string }> }>;
}

/** GET /api/course/read-many. Without a search only `courses` is filled. */
export interface CourseCatalog {
  courses: Course[];
  modules: ModuleSummary[];
  lessonsTitles: LessonSummary[];
  lessonsContent: LessonSummary[];
  /** Matches of each kind (the lists are capped at itemsPerPage). */
  counts: { courses: number; modules: number; lessonsTitles: number; lessonsContent: number };
}

/** GET /api/course/{slug}: the course with its modules and lessons; `search` filters the lessons. */
export interface CourseDetailResponse {
  course: Course & { Modules: Module[] };
  search: string;
}

/** The Courses screen tabs (docs/areas/courses.md#screens), as the activeTab query parameter spells them. */
export const COURSE_TABS = ['all', 'courses', 'modules', 'lessonsTitles', 'lessonsContent'] as const;
export type CourseTab = (typeof COURSE_TABS)[number];
