import type { Role } from '../limits';
import { isAdminRole, isAdministrator, type Principal } from './principal';
import { canUseSellerTools, isSellerToolsAction, type SellerToolsAction } from './products';
import { canUseCourses, isCourseAction, type CourseAction } from './courses';
import { canOnBanners, isBannerAction, type BannerAction, type BannerListSubject, type BannerSubject } from './banners';
import { canUseAiTools, isAiToolsAction, type AiToolsAction } from './ai-tools';
import { canUseResources, isResourceAction, type CustomerSubject, type ResourceAction } from './resources';
import { inUserDirectory } from './user-scope';
import { canOnBoard, isBoardAction, type BoardAction, type BoardSubject } from './board';
import { canReadLive, isLiveAction, type LiveAction } from './live';
import { canAdministerUsers, isUserAdminAction, type UserAdminAction } from './user-admin-actions';
import { canReview, isReviewAction, type ReviewAction } from './review';
import { canReadInsights, isInsightsAction, type InsightsAction } from './insights';
import { canUseCalendar, isCalendarAction, type CalendarAction } from './calendar';
import { canUsePlaybooks, isPlaybookAction, type PlaybookAction } from './playbooks';
import { canSearch, isSearchAction, type SearchAction } from './search';
import { canUseCommunity, isCommunityAction, type CommunityAction } from './community';
import { canUseFirstRun, isFirstRunAction, type FirstRunAction } from './first-run';

/** Profile fields a member may change on their own account. */
export const SELF_EDITABLE_USER_FIELDS = [
  'fullName',
  'password',
  'city',
  'state',
  'country',
  'phoneNumber',
  'photoUrl',
] as const;
/** A coach changes only a user's Tags. */
export const COACH_EDITABLE_USER_FIELDS = ['Tags'] as const;
/** An admin may change everything an admin form offers. */
export const ADMIN_EDITABLE_USER_FIELDS = [
  ...SELF_EDITABLE_USER_FIELDS,
  'email',
  'role',
  'alwaysGrantAccess',
  'Tags',
  'Resources',
  'position',
  'coachId',
] as const;
export type EditableUserField = (typeof ADMIN_EDITABLE_USER_FIELDS)[number];

export type Action =
  | 'tag:list'
  | 'tag:manage'
  | 'user:list'
  | 'user:community'
  | 'user:read'
  | 'user:create'
  | 'user:update'
  | 'user:delete'
  | 'user:impersonate'
  | 'user:switch-role'
  | UserAdminAction
  | 'upload:image'
  | 'settings:manage'
  | 'audit:read'
  | 'jobs:manage'
  | 'notification:own'
  | 'analytics:record'
  | SellerToolsAction
  | CourseAction
  | BannerAction
  | AiToolsAction
  | ResourceAction
  | BoardAction
  | LiveAction
  | ReviewAction
  | InsightsAction
  | CalendarAction
  | PlaybookAction
  | SearchAction
  | CommunityAction
  | FirstRunAction;

export interface UserSubject {
  id: number;
  role: Role;
  isAdmin: boolean;
}

/**
 * The one authorization question: may `user` do `action` (on `subject`)?
 * The API asks it for every endpoint; the UI asks it to show or hide controls.
 */
/** What an action is about: a user (user actions), a board's owner (board actions), a banner's type or a Stripe customer. */
export type Subject = UserSubject | BoardSubject | BannerSubject | BannerListSubject | CustomerSubject;

export function can(user: Principal | null, action: Action, subject?: Subject): boolean {
  if (!user) return false;
  if (isBoardAction(action)) return canOnBoard(user, action, subject as BoardSubject | undefined);
  if (isLiveAction(action)) return canReadLive(user, subject as BoardSubject | undefined);
  if (isReviewAction(action)) return canReview(user, action, subject as BoardSubject | undefined);
  if (isInsightsAction(action)) return canReadInsights(user);
  if (isCalendarAction(action)) return canUseCalendar(user, action);
  if (isPlaybookAction(action)) return canUsePlaybooks(user, action);
  if (isSearchAction(action)) return canSearch(user);
  if (isCommunityAction(action)) return canUseCommunity(user, action);
  if (isFirstRunAction(action)) return canUseFirstRun(user);
  if (isSellerToolsAction(action)) return canUseSellerTools(user, action);
  if (isCourseAction(action)) return canUseCourses(user, action);
  if (isBannerAction(action)) return canOnBanners(user, action, subject);
  if (isAiToolsAction(action)) return canUseAiTools(user, action);
  if (isResourceAction(action)) return canUseResources(user, action, subject as CustomerSubject | undefined);
  if (isUserAdminAction(action)) return canAdministerUsers(user, action);
  return canOnUsers(user, action, subject as UserSubject | undefined);
}

function canOnUsers(user: Principal, action: Action, subject?: UserSubject): boolean {
  const admin = isAdminRole(user);
  switch (action) {
    case 'tag:manage':
      return admin;
    case 'tag:list':
      return admin || user.role === 'coach';
    case 'user:list':
      return admin || user.role === 'coach';
    case 'user:community':
      return true;
    // Without a subject: "may read / edit users other than themselves" (the User Dashboard).
    // With one: themselves, or a user in their directory (admin everyone, coach premium members).
    case 'user:read':
    case 'user:update':
      if (subject === undefined) return admin || user.role === 'coach';
      return subject.id === user.id || inUserDirectory(user, subject);
    case 'user:create':
      return admin;
    case 'user:delete':
      return admin && (subject === undefined || subject.id !== user.id);
    case 'user:impersonate':
      if (!admin) return false;
      if (!subject) return true;
      return subject.id !== user.id && subject.role !== 'admin' && !subject.isAdmin;
    case 'user:switch-role':
      return isAdministrator(user);
    case 'upload:image':
      return true;
    // Portal settings (links, videos, chat widget): role admin only, like the other site content.
    case 'settings:manage':
      return admin;
    // The audit log (docs/areas/audit.md): role admin only; coaches and members never see it.
    case 'audit:read':
      return admin;
    // The job queue (docs/areas/jobs.md): role admin only reads it and retries or discards failed jobs.
    case 'jobs:manage':
      return admin;
    // The notification inbox and its preferences (docs/areas/notifications.md): every signed-in user has their own,
    // and only their own (the API reads and marks the rows of ctx.user only).
    case 'notification:own':
      return true;
    // Analytics events (docs/areas/insights.md#events): every signed-in user records their own (rate-limited by the API).
    case 'analytics:record':
      return true;
    default:
      return false;
  }
}

/**
 * Which fields of `target` the actor may change (docs/roles.md: admin all, coach the Tags of premium
 * members, member own profile). Without the target's role, a coach gets nothing for another user.
 */
export function editableUserFields(
  user: Principal,
  target: { id: number; role?: Role; isAdmin?: boolean } | null,
): readonly EditableUserField[] {
  if (isAdminRole(user)) return ADMIN_EDITABLE_USER_FIELDS;
  if (!target) return []; // creating an account: admin only (can 'user:create')
  if (target.id === user.id) return SELF_EDITABLE_USER_FIELDS;
  if (target.role !== undefined && inUserDirectory(user, { role: target.role, isAdmin: target.isAdmin ?? false })) {
    return COACH_EDITABLE_USER_FIELDS;
  }
  return [];
}
