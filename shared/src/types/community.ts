import type { Role } from '../limits';

/**
 * The community inside the portal (docs/areas/community.md): spaces, posts, comments, reactions,
 * moderation and reports. The shapes of /api/community/*.
 */

/** A space as GET /api/community/spaces returns it. */
export interface CommunitySpace {
  id: number;
  name: string;
  description: string;
  /** Roles that see the space; empty: every role. */
  roles: Role[];
  /** Tags of which a member needs one to see the space; empty: no tag needed. */
  tagIds: number[];
  /** Roles that may start posts; empty: everyone who sees the space. */
  postingRoles: Role[];
  position: number;
  /** Whether the caller may start a post here. */
  canPost: boolean;
  postCount: number;
}

export interface CommunitySpacesResponse {
  spaces: CommunitySpace[];
}

export interface CommunitySpaceUpsertResponse {
  space: CommunitySpace;
  isNew: boolean;
}

export interface CommunityAuthor {
  id: number;
  fullName: string;
  avatar: string | null;
}

/** GET /api/community/space/:id/mentionable: members who may see the space, for the @ picker. */
export interface CommunityMentionableResponse {
  members: CommunityAuthor[];
}

export interface CommunityPost {
  id: number;
  spaceId: number;
  title: string;
  /** Markdown; the UI renders it with react-markdown and rehype-sanitize (never raw HTML). */
  body: string;
  author: CommunityAuthor;
  createdAt: string;
  editedAt: string | null;
  pinned: boolean;
  locked: boolean;
  /** Only moderators and the author ever receive a hidden post. */
  hidden: boolean;
  reactions: { like: number };
  myReaction: 'like' | null;
  commentCount: number;
  /** What the caller may do with it (from the shared policy). */
  canEdit: boolean;
  canDelete: boolean;
  canComment: boolean;
}

/** GET /api/community/posts?spaceId=&page=&itemsPerPage=&q= */
export interface CommunityPostsResponse {
  posts: CommunityPost[];
  total: number;
}

export interface CommunityPostResponse {
  post: CommunityPost;
}

export interface CommunityPostUpsertResponse {
  post: CommunityPost;
  isNew: boolean;
}

export interface CommunityComment {
  id: number;
  postId: number;
  body: string;
  author: CommunityAuthor;
  createdAt: string;
  editedAt: string | null;
  hidden: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

/** GET /api/community/post/:id/comments (oldest first). */
export interface CommunityCommentsResponse {
  comments: CommunityComment[];
}

export interface CommunityCommentUpsertResponse {
  comment: CommunityComment;
  isNew: boolean;
}

/** PUT /api/community/post/:id/react */
export interface CommunityReactResponse {
  reactions: { like: number };
  myReaction: 'like' | null;
}

/** One open report in the moderation queue (GET /api/community/reports). */
export interface CommunityReport {
  id: number;
  reason: string;
  createdAt: string;
  reporter: CommunityAuthor;
  /** What was reported: a post, or a comment (with the post it belongs to). */
  kind: 'post' | 'comment';
  postId: number;
  commentId: number | null;
  postTitle: string;
  /** The reported text (the post's or the comment's body), for the moderator to judge. */
  excerpt: string;
  author: CommunityAuthor;
  hidden: boolean;
}

export interface CommunityReportsResponse {
  reports: CommunityReport[];
}

/** What of their profile a member shows to other members (moderators see it all). */
export interface CommunityProfileVisibility {
  showLocation: boolean;
  showRole: boolean;
  showMemberSince: boolean;
  showPosts: boolean;
}

/** GET /api/community/member/:id: a member's profile as the caller may see it. */
export interface CommunityProfile {
  id: number;
  fullName: string;
  avatar: string | null;
  /** "City, State, Country" as far as given; null when hidden or empty. */
  location: string | null;
  role: Role | null;
  memberSince: string | null;
  /** Their posts the caller may see (null when the member hides them). */
  postCount: number | null;
  /** Their newest posts the caller may see, at most 10 (empty when hidden). */
  posts: CommunityPost[];
}

export interface CommunityProfileResponse {
  profile: CommunityProfile;
  /** The caller's own profile: its visibility, to change it. */
  visibility: CommunityProfileVisibility | null;
}

/** GET and PUT /api/community/profile: the caller's own visibility. */
export interface CommunityVisibilityResponse {
  visibility: CommunityProfileVisibility;
}
