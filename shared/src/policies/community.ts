import type { Role } from '../limits';
import { isAdminRole, type Principal } from './principal';

/**
 * The community (docs/areas/community.md#who-may-do-what), asked through can():
 * - community:read: read the spaces one may see, post and comment where allowed, react: every member;
 * - community:report: report a post or a comment to the moderators: every member;
 * - community:moderate: pin, lock and hide posts, hide comments, work the report queue, delete
 *   others' posts and comments: coaches and admins (role admin);
 * - community:manage: create, change and delete spaces: role admin.
 * Which space, post or comment: the functions below, the same rules the API turns into SQL
 * (api/src/features/community/queries.ts).
 */
export type CommunityAction = 'community:read' | 'community:report' | 'community:moderate' | 'community:manage';

export const COMMUNITY_ACTIONS: readonly CommunityAction[] = [
  'community:read',
  'community:report',
  'community:moderate',
  'community:manage',
];

export function isCommunityAction(action: string): action is CommunityAction {
  return (COMMUNITY_ACTIONS as readonly string[]).includes(action);
}

/** Coaches and admins moderate: they see every space, hidden posts and comments included. */
export function isCommunityModerator(user: Principal): boolean {
  return isAdminRole(user) || user.role === 'coach';
}

export function canUseCommunity(user: Principal | null, action: CommunityAction): boolean {
  if (!user) return false;
  switch (action) {
    case 'community:read':
    case 'community:report':
      return true;
    case 'community:moderate':
      return isCommunityModerator(user);
    case 'community:manage':
      return isAdminRole(user);
  }
}

/** The facts about a space that access is decided from. */
export interface SpaceRules {
  roles: readonly Role[];
  tagIds: readonly number[];
  postingRoles: readonly Role[];
}

/** Sees the space: a moderator always; else the role is listed (or none is) and one of the tags is held (or none is asked). */
export function canSeeSpace(user: Principal, space: SpaceRules): boolean {
  if (isCommunityModerator(user)) return true;
  if (space.roles.length > 0 && !space.roles.includes(user.role)) return false;
  if (space.tagIds.length === 0) return true;
  return user.Tags.some((t) => space.tagIds.includes(t.id));
}

/** Starts posts in the space: whoever sees it when no posting roles are set, else those roles (moderators always). */
export function canPostInSpace(user: Principal, space: SpaceRules): boolean {
  if (!canSeeSpace(user, space)) return false;
  if (isCommunityModerator(user)) return true;
  return space.postingRoles.length === 0 || space.postingRoles.includes(user.role);
}

/** The facts about a post (or a comment) that access is decided from. */
export interface ContributionFacts {
  authorId: number;
  hidden: boolean;
}

export interface PostFacts extends ContributionFacts {
  locked: boolean;
}

/** Sees the post (in a space they see): a hidden one only its author and the moderators. */
export function canSeeContribution(user: Principal, item: ContributionFacts): boolean {
  return !item.hidden || item.authorId === user.id || isCommunityModerator(user);
}

/** Edits a post: its author, while it is not locked (a moderator's lock freezes it). */
export function canEditPost(user: Principal, post: PostFacts): boolean {
  return post.authorId === user.id && (!post.locked || isCommunityModerator(user));
}

/** Deletes a post or a comment: its author or a moderator. */
export function canDeleteContribution(user: Principal, item: ContributionFacts): boolean {
  return item.authorId === user.id || isCommunityModerator(user);
}

/** Comments on a post: not on a locked or hidden one, unless a moderator. */
export function canCommentOn(user: Principal, post: PostFacts): boolean {
  if (isCommunityModerator(user)) return true;
  return !post.locked && !post.hidden;
}

/** Edits a comment: its author, while the post is open. */
export function canEditComment(user: Principal, comment: ContributionFacts, post: PostFacts): boolean {
  return comment.authorId === user.id && canCommentOn(user, post);
}
