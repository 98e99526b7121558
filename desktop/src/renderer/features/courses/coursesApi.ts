import { createAction } from '@reduxjs/toolkit';
import type {
  Course,
  CourseCatalog,
  CourseDetailResponse,
  CourseOutline,
  Lesson,
  Module,
  ModuleSummary,
} from '@shared/types';
import { api } from '../../app/api';

export type CourseDetail = CourseDetailResponse['course'];

export interface CourseUpsertBody {
  id?: number;
  title: string;
  slug: string;
  description: string | null;
  status: 'DRAFT' | 'PUBLISHED';
  coverPhotoUrl: string | null;
  visibleToBasic: boolean;
  visibleToPremium: boolean;
  Tags: Array<{ id: number }>;
  Modules?: Array<{ id: number }>;
}

export interface ModuleUpsertBody {
  id?: number;
  title: string;
  CourseId: number | null;
  visibleToBasic?: boolean;
  visibleToPremium?: boolean;
  Tags: Array<{ id: number }>;
}

export interface LessonUpsertBody {
  id?: number;
  title: string;
  content: string;
  ModuleId: number;
  position?: number;
  Tags: Array<{ id: number }>;
}

export interface CourseOrderBody {
  courseId: number;
  modules: Array<{ id: number; position: number; Lessons: Array<{ id: number; position: number }> }>;
}

/** Dispatched when a lesson image's URL is on the clipboard (its toast comes from the listener). */
export const lessonImageUrlCopied = createAction('courses/lessonImageUrlCopied');

const LIST = { type: 'Course' as const, id: 'LIST' };
const DETAIL = { type: 'Course' as const, id: 'DETAIL' };
const MODULES = { type: 'Module' as const, id: 'LIST' };

export const coursesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCourses: build.query<CourseCatalog, { search?: string } | void>({
      query: (arg) => ({ url: '/api/course/read-many', params: arg?.search ? { search: arg.search } : undefined }),
      providesTags: [LIST],
    }),
    getCourse: build.query<CourseDetail, { slug: string; search?: string }>({
      query: ({ slug, search }) => ({
        url: `/api/course/${encodeURIComponent(slug)}`,
        params: search ? { search } : undefined,
      }),
      transformResponse: (res: CourseDetailResponse) => res.course,
      providesTags: [DETAIL],
    }),
    /** A locked course's titles (docs/areas/courses.md): what the membership would open. */
    getCourseOutline: build.query<CourseOutline, { slug: string }>({
      query: ({ slug }) => ({ url: `/api/course/${encodeURIComponent(slug)}/outline` }),
      transformResponse: (res: { outline: CourseOutline }) => res.outline,
      providesTags: [DETAIL],
    }),
    getModules: build.query<ModuleSummary[], void>({
      query: () => '/api/module/read-many',
      transformResponse: (res: { modules: ModuleSummary[] }) => res.modules,
      providesTags: [MODULES],
    }),
    lessonRedirect: build.query<{ url: string }, number>({
      query: (lessonId) => `/api/course/lesson-redirect/${lessonId}`,
    }),
    upsertCourse: build.mutation<{ course: Course; isNew: boolean }, CourseUpsertBody>({
      query: (body) => ({ url: '/api/course/upsert', method: 'POST', body }),
      invalidatesTags: [LIST, DETAIL, MODULES],
    }),
    deleteCourse: build.mutation<{ success: boolean }, number>({
      query: (id) => ({ url: `/api/course/${id}`, method: 'DELETE' }),
      invalidatesTags: [LIST, DETAIL, MODULES],
    }),
    reorderCourses: build.mutation<{ success: boolean }, Array<{ id: number; position: number }>>({
      query: (courses) => ({ url: '/api/course/reorder-courses', method: 'POST', body: { courses } }),
      invalidatesTags: [LIST],
    }),
    reorderCourse: build.mutation<{ success: boolean }, CourseOrderBody>({
      query: (body) => ({ url: '/api/course/reorder', method: 'POST', body }),
      invalidatesTags: [LIST, DETAIL, MODULES],
    }),
    upsertModule: build.mutation<{ module: Omit<Module, 'Lessons'>; isNew: boolean }, ModuleUpsertBody>({
      query: (body) => ({ url: '/api/module/upsert', method: 'POST', body }),
      invalidatesTags: [LIST, DETAIL, MODULES],
    }),
    deleteModule: build.mutation<{ success: boolean }, number>({
      query: (id) => ({ url: `/api/module/${id}`, method: 'DELETE' }),
      invalidatesTags: [LIST, DETAIL, MODULES],
    }),
    upsertLesson: build.mutation<{ lesson: Lesson; isNew: boolean }, LessonUpsertBody>({
      query: (body) => ({ url: '/api/lesson/upsert', method: 'POST', body }),
      invalidatesTags: [LIST, DETAIL, MODULES],
    }),
    deleteLesson: build.mutation<{ success: boolean }, number>({
      query: (id) => ({ url: `/api/lesson/${id}`, method: 'DELETE' }),
      invalidatesTags: [LIST, DETAIL, MODULES],
    }),
    markCompleted: build.mutation<{ success: boolean }, number>({
      query: (lessonId) => ({ url: '/api/lesson/mark-as-completed', method: 'PUT', body: { lessonId } }),
      invalidatesTags: [LIST, DETAIL],
    }),
    markUncompleted: build.mutation<{ success: boolean }, number>({
      query: (lessonId) => ({ url: '/api/lesson/mark-as-uncompleted', method: 'PUT', body: { lessonId } }),
      invalidatesTags: [LIST, DETAIL],
    }),
    /** POST /api/upload for a lesson image or a course cover (multipart field `image`). */
  }),
});

export const {
  useGetCoursesQuery,
  useGetCourseQuery,
  useGetCourseOutlineQuery,
  useGetModulesQuery,
  useLessonRedirectQuery,
  useUpsertCourseMutation,
  useDeleteCourseMutation,
  useReorderCoursesMutation,
  useReorderCourseMutation,
  useUpsertModuleMutation,
  useDeleteModuleMutation,
  useUpsertLessonMutation,
  useDeleteLessonMutation,
  useMarkCompletedMutation,
  useMarkUncompletedMutation,
} = coursesApi;
