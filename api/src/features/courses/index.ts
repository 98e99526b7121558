import { courseRoutes } from './course-routes';
import { lessonRoutes } from './lesson-routes';
import { moduleRoutes } from './module-routes';

/** What other features use of the courses: the visibility rules as SQL (the Insights' course funnel). */
export { audienceSql } from './audience';
/** The first lesson a member can open (the dashboard's getting-started checklist). */
export { firstLessonPath } from './first-lesson';

/** The courses area's routers (docs/areas/courses.md#api "Courses, modules, lessons"), for app.ts. */
export function courseRouters() {
  return [courseRoutes(), moduleRoutes(), lessonRoutes()];
}
