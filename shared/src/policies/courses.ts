import { isAdminRole, type Principal } from './principal';

/** Course actions, asked through can(). */
export type CourseAction = 'course:read' | 'course:manage';

export const COURSE_ACTIONS: readonly CourseAction[] = ['course:read', 'course:manage'];

export function isCourseAction(action: string): action is CourseAction {
  return (COURSE_ACTIONS as readonly string[]).includes(action);
}

/**
 * - course:read: every signed-in member reads the courses they can see (what they see is decided
 *   per course, module and lesson below);
 * - course:manage: create, edit, delete and reorder courses, modules and lessons, see drafts.
 *   Role admin only: an administrator who switched to another role sees what that role sees.
 */
export function canUseCourses(user: Principal | null, action: CourseAction): boolean {
  if (!user) return false;
  return action === 'course:read' ? true : isAdminRole(user);
}

/** The visibility flag that applies to a role (docs/areas/courses.md#who-may-do-what): coach and premium, or basic and course only. */
export type CourseFlag = 'visibleToBasic' | 'visibleToPremium';

/**
 * Who the user is for course visibility. Admin sees everything, drafts included. Coach and premium
 * go by visibleToPremium; basic and course only by visibleToBasic. Tags are the user's tag ids.
 * The API runs these rules as SQL (api/src/features/courses/audience.ts); the functions below are
 * the rules' definition on objects. tests/api/courses-visibility-rule.test.ts runs the SQL over every
 * combination of role, held tags, status, flags and required tags and requires the same answers.
 */
export type CourseAudience =
  { all: true; userId: number } | { all: false; userId: number; flag: CourseFlag; tagIds: number[] };

export function courseAudience(user: Principal): CourseAudience {
  if (isAdminRole(user)) return { all: true, userId: user.id };
  const flag: CourseFlag = user.role === 'coach' || user.role === 'premium' ? 'visibleToPremium' : 'visibleToBasic';
  return { all: false, userId: user.id, flag, tagIds: [...new Set(user.Tags.map((t) => t.id))].sort((a, b) => a - b) };
}

export interface GatedCourse {
  status?: 'DRAFT' | 'PUBLISHED';
  visibleToBasic: boolean;
  visibleToPremium: boolean;
  Tags: ReadonlyArray<{ id: number }>;
}

const holdsOneOf = (audience: CourseAudience, tags: ReadonlyArray<{ id: number }>) =>
  !audience.all && tags.some((t) => audience.tagIds.includes(t.id));

/**
 * The one access rule for a course or a module (docs/areas/courses.md#who-may-do-what, docs/areas/courses.md): admin always; otherwise a
 * holder of one of its required tags, or — when it requires no tag — a role whose flag is on.
 * So required tags both grant access (even with the flag off) and restrict it (with the flag on).
 */
export function grantsAccess(audience: CourseAudience, item: GatedCourse): boolean {
  if (audience.all) return true;
  if (item.status === 'DRAFT') return false;
  if (holdsOneOf(audience, item.Tags)) return true;
  return item[audience.flag] && item.Tags.length === 0;
}

/**
 * Whether a course appears in the member's course list: a published course whose role flag is on
 * or one of whose tags they hold. A listed course that requires a tag they lack shows locked and
 * opens the no-access screen. Drafts never reach a non-admin.
 */
export function isCourseListed(audience: CourseAudience, course: GatedCourse): boolean {
  if (audience.all) return true;
  if (course.status === 'DRAFT') return false;
  return course[audience.flag] || holdsOneOf(audience, course.Tags);
}

/** A lesson has no flags: it is seen by everyone who sees its module, unless it requires a tag. */
export function isLessonVisible(audience: CourseAudience, lesson: { Tags: ReadonlyArray<{ id: number }> }): boolean {
  return audience.all || lesson.Tags.length === 0 || holdsOneOf(audience, lesson.Tags);
}
