import * as yup from 'yup';
import { ROLES, type Role } from '../limits';
import { MESSAGES } from '../messages';
import { id, integer } from './fields';

/** The community (docs/areas/community.md): the bounds and the request bodies of /api/community/*. */
export const COMMUNITY_LIMITS = {
  spaceNameMax: 80,
  spaceDescriptionMax: 500,
  spaceTagsMax: 50,
  titleMax: 200,
  bodyMax: 20_000,
  commentMax: 5_000,
  reasonMax: 500,
  mentionsMax: 20,
  /** Members the @ picker lists at most (GET /api/community/space/:id/mentionable). */
  mentionableMax: 10,
  mentionQueryMax: 60,
  queryMax: 200,
  postsPerPage: 20,
  postsPerPageMax: 50,
  /** Posts plus comments a member may write in POSTING_WINDOW_MS (moderators are not limited). */
  postingMax: 20,
  postingWindowMs: 10 * 60_000,
  /** Reports a member may file in REPORT_WINDOW_MS. */
  reportMax: 10,
  reportWindowMs: 60 * 60_000,
} as const;

const L = COMMUNITY_LIMITS;
const tooLong = (n: number) => `Please use at most ${n.toLocaleString('en-US')} characters`;
const roles = () =>
  yup
    .array(
      yup
        .string<Role>()
        .oneOf([...ROLES], 'Choose a role of the portal')
        .required(),
    )
    .max(ROLES.length)
    .default([]);

/** POST /api/community/space/upsert */
export const communitySpaceUpsertSchema = yup.object({
  id: id().optional(),
  name: yup.string().trim().required(MESSAGES.fieldRequired).max(L.spaceNameMax, tooLong(L.spaceNameMax)),
  description: yup.string().trim().max(L.spaceDescriptionMax, tooLong(L.spaceDescriptionMax)).default(''),
  roles: roles(),
  tagIds: yup.array(id().required()).max(L.spaceTagsMax, `At most ${L.spaceTagsMax} tags`).default([]),
  postingRoles: roles(),
  position: integer().min(0).max(10_000).optional(),
});
export type CommunitySpaceUpsertInput = yup.InferType<typeof communitySpaceUpsertSchema>;

/** GET /api/community/posts */
export const communityPostsQuerySchema = yup.object({
  spaceId: id().optional(),
  page: integer().min(1).max(1_000_000).default(1),
  itemsPerPage: integer().min(1).max(L.postsPerPageMax).default(L.postsPerPage),
  q: yup.string().trim().max(L.queryMax, tooLong(L.queryMax)).default(''),
});
export type CommunityPostsQuery = yup.InferType<typeof communityPostsQuerySchema>;

/** GET /api/community/space/:id/mentionable?q=: what follows the "@" (empty: the first names). */
export const communityMentionableQuerySchema = yup.object({
  q: yup.string().trim().max(L.mentionQueryMax, tooLong(L.mentionQueryMax)).default(''),
});
export type CommunityMentionableQuery = yup.InferType<typeof communityMentionableQuerySchema>;

/** Members the text mentions (the composer's @ picker); only those who may see the post are told. */
const mentionedUserIds = () =>
  yup.array(id().required()).max(L.mentionsMax, `Mention at most ${L.mentionsMax} members`).default([]);

/** POST /api/community/post/upsert (body in markdown). */
export const communityPostUpsertSchema = yup.object({
  id: id().optional(),
  spaceId: id().required(MESSAGES.fieldRequired),
  title: yup.string().trim().required(MESSAGES.fieldRequired).max(L.titleMax, tooLong(L.titleMax)),
  body: yup.string().trim().required(MESSAGES.fieldRequired).max(L.bodyMax, tooLong(L.bodyMax)),
  mentionedUserIds: mentionedUserIds(),
});
export type CommunityPostUpsertInput = yup.InferType<typeof communityPostUpsertSchema>;

/** POST /api/community/comment/upsert */
export const communityCommentUpsertSchema = yup.object({
  id: id().optional(),
  postId: id().required(MESSAGES.fieldRequired),
  body: yup.string().trim().required(MESSAGES.fieldRequired).max(L.commentMax, tooLong(L.commentMax)),
  mentionedUserIds: mentionedUserIds(),
});
export type CommunityCommentUpsertInput = yup.InferType<typeof communityCommentUpsertSchema>;

/** PUT /api/community/post/:id/react */
export const communityReactSchema = yup.object({
  like: yup.boolean().strict().required(MESSAGES.fieldRequired),
});

const flag = (name: 'pinned' | 'locked' | 'hidden') =>
  yup.object({ [name]: yup.boolean().strict().required(MESSAGES.fieldRequired) });
/** POST /api/community/post/:id/pin */
export const communityPinSchema = flag('pinned') as yup.ObjectSchema<{ pinned: boolean }>;
/** POST /api/community/post/:id/lock */
export const communityLockSchema = flag('locked') as yup.ObjectSchema<{ locked: boolean }>;
/** POST /api/community/post/:id/hide and /api/community/comment/:id/hide */
export const communityHideSchema = flag('hidden') as yup.ObjectSchema<{ hidden: boolean }>;

/** POST /api/community/report {postId | commentId, reason}: exactly one of the two ids. */
export const communityReportSchema = yup
  .object({
    postId: id().optional(),
    commentId: id().optional(),
    reason: yup.string().trim().required(MESSAGES.fieldRequired).max(L.reasonMax, tooLong(L.reasonMax)),
  })
  .test(
    'one-target',
    'Report either a post or a comment',
    (v) => (v.postId === undefined) !== (v.commentId === undefined),
  );
export type CommunityReportInput = yup.InferType<typeof communityReportSchema>;

/** PUT /api/community/profile: what of one's profile other members see. */
export const communityVisibilitySchema = yup.object({
  showLocation: yup.boolean().strict().required(MESSAGES.fieldRequired),
  showRole: yup.boolean().strict().required(MESSAGES.fieldRequired),
  showMemberSince: yup.boolean().strict().required(MESSAGES.fieldRequired),
  showPosts: yup.boolean().strict().required(MESSAGES.fieldRequired),
});
export type CommunityVisibilityInput = yup.InferType<typeof communityVisibilitySchema>;
