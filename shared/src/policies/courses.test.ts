import { describe, expect, it } from 'vitest';
import type { Role } from '../limits';
import {
  canUseCourses,
  courseAudience,
  grantsAccess,
  isCourseListed,
  isLessonVisible,
  type GatedCourse,
} from './courses';
import type { Principal } from './principal';

const user = (role: Role, tags: number[] = [], over: Partial<Principal> = {}): Principal => ({
  id: 7,
  role,
  isAdmin: role === 'admin',
  createdAt: '2024-01-01T00:00:00Z',
  stripeStatus: 'active',
  alwaysGrantAccess: false,
  Tags: tags.map((id) => ({ id, name: `t${id}` })),
  ...over,
});

const course = (over: Partial<GatedCourse> = {}): GatedCourse => ({
  status: 'PUBLISHED',
  visibleToBasic: true,
  visibleToPremium: true,
  Tags: [],
  ...over,
});

describe('course policies', () => {
  it('maps roles to the flag that applies (docs/areas/courses.md#who-may-do-what)', () => {
    expect(courseAudience(user('admin'))).toEqual({ all: true, userId: 7 });
    for (const r of ['coach', 'premium'] as Role[])
      expect(courseAudience(user(r))).toMatchObject({ flag: 'visibleToPremium' });
    for (const r of ['basic', 'course only'] as Role[])
      expect(courseAudience(user(r))).toMatchObject({ flag: 'visibleToBasic' });
    expect(
      courseAudience(user('basic', [3, 1, 3])).all
        ? []
        : (courseAudience(user('basic', [3, 1, 3])) as { tagIds: number[] }).tagIds,
    ).toEqual([1, 3]);
  });

  it('lets only role admin manage courses; an admin switched to basic reads like basic', () => {
    expect(canUseCourses(user('admin'), 'course:manage')).toBe(true);
    expect(canUseCourses(user('basic', [], { isAdmin: true }), 'course:manage')).toBe(false);
    expect(canUseCourses(user('coach'), 'course:manage')).toBe(false);
    expect(canUseCourses(null, 'course:read')).toBe(false);
    expect(canUseCourses(user('basic'), 'course:read')).toBe(true);
  });

  it('hides drafts from everyone but admins', () => {
    const draft = course({ status: 'DRAFT' });
    expect(isCourseListed(courseAudience(user('admin')), draft)).toBe(true);
    for (const r of ['coach', 'premium', 'basic', 'course only'] as Role[]) {
      expect(isCourseListed(courseAudience(user(r, [1])), { ...draft, Tags: [{ id: 1 }] })).toBe(false);
      expect(grantsAccess(courseAudience(user(r, [1])), { ...draft, Tags: [{ id: 1 }] })).toBe(false);
    }
  });

  it('lists by flag or tag, and opens by tag or (flag and no required tag)', () => {
    const basic = courseAudience(user('basic'));
    const holder = courseAudience(user('basic', [1]));
    const premiumOnly = course({ visibleToBasic: false });
    const tagged = course({ Tags: [{ id: 1 }] });
    const tagOnly = course({ visibleToBasic: false, visibleToPremium: false, Tags: [{ id: 1 }] });
    expect([isCourseListed(basic, premiumOnly), grantsAccess(basic, premiumOnly)]).toEqual([false, false]);
    expect([isCourseListed(basic, tagged), grantsAccess(basic, tagged)]).toEqual([true, false]);
    expect([isCourseListed(basic, tagOnly), grantsAccess(basic, tagOnly)]).toEqual([false, false]);
    expect([isCourseListed(holder, tagged), grantsAccess(holder, tagged)]).toEqual([true, true]);
    expect([isCourseListed(holder, tagOnly), grantsAccess(holder, tagOnly)]).toEqual([true, true]);
    const premium = courseAudience(user('premium'));
    expect([isCourseListed(premium, premiumOnly), grantsAccess(premium, premiumOnly)]).toEqual([true, true]);
  });

  it('shows a lesson without tags to everyone who sees its module, a tagged one to holders', () => {
    expect(isLessonVisible(courseAudience(user('basic')), { Tags: [] })).toBe(true);
    expect(isLessonVisible(courseAudience(user('basic')), { Tags: [{ id: 2 }] })).toBe(false);
    expect(isLessonVisible(courseAudience(user('basic', [2])), { Tags: [{ id: 2 }] })).toBe(true);
    expect(isLessonVisible(courseAudience(user('admin')), { Tags: [{ id: 2 }] })).toBe(true);
  });
});
