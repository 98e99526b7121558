import type { Knex } from 'knex';
import {
  COACH_DIRECTORY_ROLE,
  courseAudience,
  hasOwnBoard,
  isAdminRole,
  memberSearchScope,
  resourceAudience,
  type MemberSearchScope,
  type Principal,
  type ResourceAudience,
} from '@shared/policies';
import { SEARCH_LIMITS } from '@shared/schemas';
import { intLiteral, likePattern } from '../../db/sql';
import { Card, Course, Lesson, Product, User } from '../../models';
import { audienceSql } from '../courses';
import { listResources } from '../resources';

type Db = Knex | Knex.Transaction;

/** The rows of one search, per kind, each at most SEARCH_LIMITS.perKind (presenter.ts makes the results). */
export interface SearchRows {
  courses: Array<Pick<Course, 'id' | 'title' | 'slug'> & { has_access: boolean }>;
  lessons: Array<
    Pick<Lesson, 'id' | 'title' | 'module_id'> & { module_title: string; course_title: string; course_slug: string }
  >;
  resources: Awaited<ReturnType<typeof listResources>>;
  resourceAudience: ResourceAudience;
  products: Array<Pick<Product, 'id' | 'title'>>;
  cards: Array<Pick<Card, 'id' | 'title'> & { list_name: string; owner_id: number; owner_name: string }>;
  members: Array<Pick<User, 'id' | 'full_name' | 'email' | 'role'>>;
}

/** `term` as ILIKE patterns: anywhere (the match), and at the start (ranked first). */
function patterns(term: string) {
  const anywhere = likePattern(term);
  return { anywhere, prefix: anywhere.slice(1) };
}

/**
 * The members a search reaches (shared `findsMember`) as SQL over `users u`: an admin everyone, a
 * coach their own premium members (`COACH_DIRECTORY_ROLE`, not administrators); never the searcher.
 * Null: nobody. Only integer literals are interpolated.
 */
export function memberScopeSql(scope: MemberSearchScope, userId: number): string | null {
  if (!scope) return null;
  const notSelf = `u.id <> ${intLiteral(userId)}`;
  if (scope.kind === 'everyone') return notSelf;
  return `(${notSelf} and u.coach_id = ${intLiteral(scope.coachId)} and u.role = '${COACH_DIRECTORY_ROLE}' and not u.is_admin)`;
}

/**
 * The boards whose cards a search reaches (shared `findsCardsOf`) as SQL over the owner `u`: one's
 * own with a board of one's own; a found member's where the board rules let the user work
 * (canWorkOnBoard: an admin every board, a coach every board but an admin's). Null: none.
 */
export function cardOwnerSql(user: Principal): string | null {
  const parts: string[] = [];
  if (hasOwnBoard(user)) parts.push(`u.id = ${intLiteral(user.id)}`);
  const members = memberScopeSql(memberSearchScope(user), user.id);
  if (members) parts.push(isAdminRole(user) ? members : `(${members} and u.role <> 'admin')`);
  return parts.length === 0 ? null : `(${parts.join(' or ')})`;
}

/** Courses the user's list shows (locked ones too, as the course list does) whose title matches. */
function searchCourses(db: Db, user: Principal, term: string, limit: number) {
  const a = audienceSql(courseAudience(user));
  const p = patterns(term);
  return Course.query(db)
    .alias('c')
    .select('c.id', 'c.title', 'c.slug', db.raw(`${a.courseAccess('c')} as has_access`))
    .whereRaw(a.courseListed('c'))
    .whereRaw('c.title ilike ?', [p.anywhere])
    .orderByRaw('(c.title ilike ?) desc, c.position, c.id', [p.prefix])
    .limit(limit)
    .castTo<SearchRows['courses']>();
}

/**
 * Lessons the user can open (an accessible course, a visible module, a visible lesson: the course
 * area's rules) whose title matches. Titles only: a lesson's text is never searched here.
 */
function searchLessons(db: Db, user: Principal, term: string, limit: number) {
  const a = audienceSql(courseAudience(user));
  const p = patterns(term);
  return Lesson.query(db)
    .alias('l')
    .join('modules as m', 'm.id', 'l.module_id')
    .join('courses as c', 'c.id', 'm.course_id')
    .select(
      'l.id',
      'l.title',
      'l.module_id',
      'm.title as module_title',
      'c.title as course_title',
      'c.slug as course_slug',
    )
    .whereRaw(a.courseAccess('c'))
    .whereRaw(a.moduleVisible('m'))
    .whereRaw(a.lessonVisible('l'))
    .whereRaw('l.title ilike ?', [p.anywhere])
    .orderByRaw('(l.title ilike ?) desc, c.position, m.position, l.position, l.id', [p.prefix])
    .limit(limit)
    .castTo<SearchRows['lessons']>();
}

/** The user's own products whose title matches. */
function searchProducts(db: Db, user: Principal, term: string, limit: number) {
  const p = patterns(term);
  return Product.query(db)
    .select('id', 'title')
    .where('user_id', user.id)
    .whereRaw('title ilike ?', [p.anywhere])
    .orderByRaw('(title ilike ?) desc, position desc, id desc', [p.prefix])
    .limit(limit)
    .castTo<SearchRows['products']>();
}

/** Cards (not archived: those have no list) on the boards the search reaches, whose title matches. */
async function searchCards(db: Db, user: Principal, term: string, limit: number) {
  const owners = cardOwnerSql(user);
  if (!owners) return [];
  const p = patterns(term);
  return Card.query(db)
    .alias('k')
    .join('mtn_lists as l', 'l.id', 'k.list_id')
    .join('users as u', 'u.id', 'l.user_id')
    .select('k.id', 'k.title', 'l.name as list_name', 'u.id as owner_id', 'u.full_name as owner_name')
    .whereRaw(owners)
    .whereRaw('k.title ilike ?', [p.anywhere])
    .orderByRaw(`(k.title ilike ?) desc, (u.id = ${intLiteral(user.id)}) desc, k.updated_at desc, k.id desc`, [
      p.prefix,
    ])
    .limit(limit)
    .castTo<SearchRows['cards']>();
}

/** Members the search reaches whose name or email matches (trigram indexes). */
async function searchMembers(db: Db, user: Principal, term: string, limit: number) {
  const scope = memberScopeSql(memberSearchScope(user), user.id);
  if (!scope) return [];
  const p = patterns(term);
  return User.query(db)
    .alias('u')
    .select('u.id', 'u.full_name', 'u.email', 'u.role')
    .whereRaw(scope)
    .whereRaw('(u.full_name ilike ? or u.email ilike ?)', [p.anywhere, p.anywhere])
    .orderByRaw('(u.full_name ilike ?) desc, lower(u.full_name), u.id', [p.prefix])
    .limit(limit)
    .castTo<SearchRows['members']>();
}

/**
 * GET /api/search: every kind the user may find, each its own query (six at most, side by side on
 * PostgreSQL's pool), whatever the number of matches: no query per result.
 */
export async function search(db: Db, user: Principal, term: string): Promise<SearchRows> {
  const limit = SEARCH_LIMITS.perKind;
  const audience = resourceAudience(user);
  const [courses, lessons, resources, products, cards, members] = await Promise.all([
    searchCourses(db, user, term, limit),
    searchLessons(db, user, term, limit),
    listResources(db as Knex, user, audience, {
      search: term,
      type: 'all',
      categories: [],
      itemsPerPage: limit,
      page: 1,
    }),
    searchProducts(db, user, term, limit),
    searchCards(db, user, term, limit),
    searchMembers(db, user, term, limit),
  ]);
  return { courses, lessons, resources, resourceAudience: audience, products, cards, members };
}
