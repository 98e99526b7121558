import Router from '@koa/router';
import { MESSAGES } from '@shared/messages';
import {
  COMMUNITY_LIMITS,
  communityCommentUpsertSchema,
  communityHideSchema,
  communityLockSchema,
  communityMentionableQuerySchema,
  communityPinSchema,
  communityPostsQuerySchema,
  communityPostUpsertSchema,
  communityReactSchema,
  communityReportSchema,
  communitySpaceUpsertSchema,
  communityVisibilitySchema,
} from '@shared/schemas/community';
import type {
  CommunityCommentsResponse,
  CommunityCommentUpsertResponse,
  CommunityMentionableResponse,
  CommunityPostResponse,
  CommunityPostsResponse,
  CommunityPostUpsertResponse,
  CommunityReactResponse,
  CommunityReportsResponse,
  CommunitySpacesResponse,
  CommunitySpaceUpsertResponse,
  CommunityProfileResponse,
  CommunityVisibilityResponse,
} from '@shared/types';
import type { PortalContext, PortalState } from '../../core/context';
import { endpoint } from '../../core/endpoint';
import { presentComment, presentMentionable, presentPost, presentReport, presentSpace } from './presenter';
import { readProfile, readVisibility, saveVisibility } from './profiles';
import { feed, mentionableMembers, postCounts, readComments, visibleSpaces } from './queries';
import {
  deleteComment,
  deletePost,
  deleteSpace,
  fileReport,
  hideComment,
  openReports,
  postInView,
  reactToPost,
  resolveReport,
  saveComment,
  savePost,
  saveSpace,
  setPostFlag,
  spaceInView,
} from './service';

/** The community inside the portal, /api/community/* (docs/areas/community.md). */
export function communityRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/community' });

  router.get(
    '/spaces',
    ...endpoint({ authorize: 'community:read' }, async (ctx) => {
      const spaces = await visibleSpaces(ctx.deps.knex, ctx.user);
      const counts = await postCounts(
        ctx.deps.knex,
        ctx.user,
        spaces.map((s) => s.id),
      );
      const body: CommunitySpacesResponse = {
        spaces: spaces.map((s) => presentSpace(s, ctx.user, counts.get(s.id) ?? 0)),
      };
      ctx.body = body;
    }),
  );

  router.post(
    '/space/upsert',
    ...endpoint(
      { input: communitySpaceUpsertSchema, authorize: 'community:manage', transaction: true },
      async (ctx) => {
        const { space, isNew } = await saveSpace(ctx.trx, { user: ctx.user, ip: ctx.ip }, ctx.input);
        const counts = await postCounts(ctx.trx, ctx.user, [space.id]);
        const body: CommunitySpaceUpsertResponse = {
          space: presentSpace(space, ctx.user, counts.get(space.id) ?? 0),
          isNew,
        };
        ctx.body = body;
      },
    ),
  );

  router.delete(
    '/space/:id',
    ...endpoint({ ids: ['id'], authorize: 'community:manage', transaction: true }, async (ctx) => {
      await deleteSpace(ctx.trx, { user: ctx.user, ip: ctx.ip }, ctx.input.id);
      ctx.body = { success: true, message: MESSAGES.communitySpaceDeleted };
    }),
  );

  router.get(
    '/space/:id/mentionable',
    ...endpoint(
      { ids: ['id'], input: communityMentionableQuerySchema, from: 'query', authorize: 'community:read' },
      async (ctx) => {
        const space = await spaceInView(ctx.deps.knex, ctx.user, ctx.input.id);
        const rows = await mentionableMembers(
          ctx.deps.knex,
          ctx.user,
          space,
          ctx.input.q,
          COMMUNITY_LIMITS.mentionableMax,
        );
        const body: CommunityMentionableResponse = { members: rows.map(presentMentionable) };
        ctx.body = body;
      },
    ),
  );

  router.get(
    '/posts',
    ...endpoint({ input: communityPostsQuerySchema, from: 'query', authorize: 'community:read' }, async (ctx) => {
      const { spaceId, page, itemsPerPage, q } = ctx.input;
      const spaceIds =
        spaceId !== undefined
          ? [(await spaceInView(ctx.deps.knex, ctx.user, spaceId)).id]
          : (await visibleSpaces(ctx.deps.knex, ctx.user)).map((s) => s.id);
      const { rows, total } = await feed(ctx.deps.knex, ctx.user, { spaceIds, page, itemsPerPage, q });
      const body: CommunityPostsResponse = { posts: rows.map((p) => presentPost(p, ctx.user)), total };
      ctx.body = body;
    }),
  );

  router.get(
    '/post/:id',
    ...endpoint({ ids: ['id'], authorize: 'community:read' }, async (ctx) => {
      const post = await postInView(ctx.deps.knex, ctx.user, ctx.input.id);
      const body: CommunityPostResponse = { post: presentPost(post, ctx.user) };
      ctx.body = body;
    }),
  );

  router.post(
    '/post/upsert',
    ...endpoint({ input: communityPostUpsertSchema, authorize: 'community:read', transaction: true }, async (ctx) => {
      const { post, isNew } = await savePost(ctx.trx, ctx.user, ctx.input);
      const body: CommunityPostUpsertResponse = { post: presentPost(post, ctx.user), isNew };
      ctx.body = body;
    }),
  );

  router.delete(
    '/post/:id',
    ...endpoint({ ids: ['id'], authorize: 'community:read', transaction: true }, async (ctx) => {
      await deletePost(ctx.trx, { user: ctx.user, ip: ctx.ip }, ctx.input.id);
      ctx.body = { success: true, message: MESSAGES.communityPostDeleted };
    }),
  );

  router.put(
    '/post/:id/react',
    ...endpoint(
      { ids: ['id'], input: communityReactSchema, authorize: 'community:read', transaction: true },
      async (ctx) => {
        const post = await reactToPost(ctx.trx, ctx.user, ctx.input.id, ctx.input.like);
        const body: CommunityReactResponse = {
          reactions: { like: post.like_count },
          myReaction: post.my_like ? 'like' : null,
        };
        ctx.body = body;
      },
    ),
  );

  const flags = [
    ['pin', 'pinned', communityPinSchema],
    ['lock', 'locked', communityLockSchema],
    ['hide', 'hidden', communityHideSchema],
  ] as const;
  for (const [verb, flag, schema] of flags) {
    router.post(
      `/post/:id/${verb}`,
      ...endpoint(
        {
          ids: ['id'],
          input: schema as typeof communityHideSchema,
          authorize: 'community:moderate',
          transaction: true,
        },
        async (ctx) => {
          const value = (ctx.input as unknown as Record<typeof flag, boolean>)[flag];
          const post = await setPostFlag(ctx.trx, { user: ctx.user, ip: ctx.ip }, ctx.input.id, flag, value);
          const body: CommunityPostResponse = { post: presentPost(post, ctx.user) };
          ctx.body = body;
        },
      ),
    );
  }

  router.get(
    '/post/:id/comments',
    ...endpoint({ ids: ['id'], authorize: 'community:read' }, async (ctx) => {
      const post = await postInView(ctx.deps.knex, ctx.user, ctx.input.id);
      const comments = await readComments(ctx.deps.knex, ctx.user, post.id);
      const body: CommunityCommentsResponse = { comments: comments.map((c) => presentComment(c, post, ctx.user)) };
      ctx.body = body;
    }),
  );

  router.post(
    '/comment/upsert',
    ...endpoint(
      { input: communityCommentUpsertSchema, authorize: 'community:read', transaction: true },
      async (ctx) => {
        const { comment, post, isNew } = await saveComment(ctx.trx, ctx.user, ctx.input);
        const body: CommunityCommentUpsertResponse = { comment: presentComment(comment, post, ctx.user), isNew };
        ctx.body = body;
      },
    ),
  );

  router.delete(
    '/comment/:id',
    ...endpoint({ ids: ['id'], authorize: 'community:read', transaction: true }, async (ctx) => {
      await deleteComment(ctx.trx, { user: ctx.user, ip: ctx.ip }, ctx.input.id);
      ctx.body = { success: true, message: MESSAGES.communityCommentDeleted };
    }),
  );

  router.post(
    '/comment/:id/hide',
    ...endpoint(
      { ids: ['id'], input: communityHideSchema, authorize: 'community:moderate', transaction: true },
      async (ctx) => {
        const comment = await hideComment(ctx.trx, { user: ctx.user, ip: ctx.ip }, ctx.input.id, ctx.input.hidden);
        const post = await postInView(ctx.trx, ctx.user, comment.post_id);
        ctx.body = { comment: presentComment(comment, post, ctx.user) };
      },
    ),
  );

  router.post(
    '/report',
    ...endpoint({ input: communityReportSchema, authorize: 'community:report', transaction: true }, async (ctx) => {
      await fileReport(ctx.trx, ctx.user, ctx.input);
      ctx.body = { success: true, message: MESSAGES.communityReportSent };
    }),
  );

  router.get(
    '/reports',
    ...endpoint({ authorize: 'community:moderate' }, async (ctx) => {
      const body: CommunityReportsResponse = { reports: (await openReports(ctx.deps.knex)).map(presentReport) };
      ctx.body = body;
    }),
  );

  router.post(
    '/report/:id/resolve',
    ...endpoint({ ids: ['id'], authorize: 'community:moderate', transaction: true }, async (ctx) => {
      await resolveReport(ctx.trx, { user: ctx.user, ip: ctx.ip }, ctx.input.id);
      ctx.body = { success: true, message: MESSAGES.communityReportResolved };
    }),
  );

  router.get(
    '/member/:id',
    ...endpoint({ ids: ['id'], authorize: 'community:read' }, async (ctx) => {
      const profile = await readProfile(ctx.deps.knex, ctx.user, ctx.input.id);
      const body: CommunityProfileResponse = {
        profile,
        visibility: profile.id === ctx.user.id ? await readVisibility(ctx.deps.knex, ctx.user.id) : null,
      };
      ctx.body = body;
    }),
  );

  router.get(
    '/profile',
    ...endpoint({ authorize: 'community:read' }, async (ctx) => {
      const body: CommunityVisibilityResponse = { visibility: await readVisibility(ctx.deps.knex, ctx.user.id) };
      ctx.body = body;
    }),
  );

  router.put(
    '/profile',
    ...endpoint({ input: communityVisibilitySchema, authorize: 'community:read', transaction: true }, async (ctx) => {
      const body: CommunityVisibilityResponse = { visibility: await saveVisibility(ctx.trx, ctx.user.id, ctx.input) };
      ctx.body = body;
    }),
  );

  return router;
}
