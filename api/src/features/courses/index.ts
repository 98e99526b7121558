import { courseRoutes } from './course-routes';
import { lessonRoutes } from './lesson-routes';
import { moduleRoutes } from './module-routes';

/** The courses area's routers (SPEC §7 "Courses, modules, lessons"), for app.ts. */
export function courseRouters() {
  return [courseRoutes(), moduleRoutes(), lessonRoutes()];
}
