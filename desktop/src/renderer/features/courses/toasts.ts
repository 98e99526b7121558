import { MESSAGES } from '@shared/messages';
import { coursesApi, lessonImageUrlCopied } from './coursesApi';
import { fixed, serverMessage, serverMessageUnlessFields, type ToastRule } from '../../app/toastHelpers';

const e = coursesApi.endpoints;

/** Course toasts (docs/errors.md): saved/deleted, reorder results, completion and the image URL copy. */
export const COURSE_TOAST_RULES: ToastRule[] = [
  { matcher: e.upsertCourse.matchFulfilled, kind: 'success', message: fixed(MESSAGES.courseSaved) },
  { matcher: e.upsertCourse.matchRejected, kind: 'error', message: serverMessageUnlessFields },
  { matcher: e.deleteCourse.matchFulfilled, kind: 'success', message: fixed(MESSAGES.courseDeleted) },
  { matcher: e.deleteCourse.matchRejected, kind: 'error', message: serverMessage },
  { matcher: e.reorderCourses.matchFulfilled, kind: 'success', message: fixed(MESSAGES.reorderFinished) },
  { matcher: e.reorderCourses.matchRejected, kind: 'error', message: fixed(MESSAGES.somethingWentWrong) },
  { matcher: e.reorderCourse.matchFulfilled, kind: 'success', message: fixed(MESSAGES.moduleReordered) },
  { matcher: e.reorderCourse.matchRejected, kind: 'error', message: fixed(MESSAGES.somethingWentWrong) },
  { matcher: e.upsertModule.matchFulfilled, kind: 'success', message: fixed(MESSAGES.moduleSaved) },
  { matcher: e.upsertModule.matchRejected, kind: 'error', message: serverMessageUnlessFields },
  { matcher: e.deleteModule.matchFulfilled, kind: 'success', message: fixed(MESSAGES.moduleDeleted) },
  { matcher: e.deleteModule.matchRejected, kind: 'error', message: serverMessage },
  { matcher: e.upsertLesson.matchFulfilled, kind: 'success', message: fixed(MESSAGES.lessonSaved) },
  { matcher: e.upsertLesson.matchRejected, kind: 'error', message: serverMessageUnlessFields },
  { matcher: e.deleteLesson.matchFulfilled, kind: 'success', message: fixed(MESSAGES.lessonDeleted) },
  { matcher: e.deleteLesson.matchRejected, kind: 'error', message: serverMessage },
  { matcher: e.markCompleted.matchFulfilled, kind: 'success', message: fixed(MESSAGES.markedCompleted) },
  { matcher: e.markCompleted.matchRejected, kind: 'error', message: fixed(MESSAGES.markCompletedFailed) },
  { matcher: e.markUncompleted.matchFulfilled, kind: 'success', message: fixed(MESSAGES.markedUncompleted) },
  { matcher: e.markUncompleted.matchRejected, kind: 'error', message: fixed(MESSAGES.markUncompletedFailed) },
  { matcher: lessonImageUrlCopied.match, kind: 'success', message: fixed(MESSAGES.imageUrlCopied) },
];
