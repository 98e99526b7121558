import type { CommunitySpaceUpsertInput } from '@shared/schemas/community';
import type {
  CommunityAuthor,
  CommunityComment,
  CommunityCommentsResponse,
  CommunityCommentUpsertResponse,
  CommunityMentionableResponse,
  CommunityPost,
  CommunityPostResponse,
  CommunityPostsResponse,
  CommunityPostUpsertResponse,
  CommunityProfileResponse,
  CommunityProfileVisibility,
  CommunityReactResponse,
  CommunityReport,
  CommunityReportsResponse,
  CommunitySpace,
  CommunitySpacesResponse,
  CommunitySpaceUpsertResponse,
  CommunityVisibilityResponse,
} from '@shared/types';
import { api } from '../../app/api';

export interface CommunityPostsArgs {
  /** Absent: every space the caller sees. */
  spaceId?: number;
  page: number;
  itemsPerPage?: number;
  /** Full-text search over posts and their comments; empty: the newest (pinned first). */
  q?: string;
}

export interface CommunityPostBody {
  id?: number;
  spaceId: number;
  title: string;
  body: string;
  /** The members the @ picker put in the text, still written there (the API tells them). */
  mentionedUserIds?: number[];
}

export interface CommunityCommentBody {
  id?: number;
  postId: number;
  body: string;
  mentionedUserIds?: number[];
}

/** A moderator's switch on a post: the URL's verb and the body's field. */
export type CommunityPostFlag = 'pin' | 'lock' | 'hide';
const FLAG_FIELD: Record<CommunityPostFlag, 'pinned' | 'locked' | 'hidden'> = {
  pin: 'pinned',
  lock: 'locked',
  hide: 'hidden',
};

export interface CommunityPostFlagArgs {
  id: number;
  flag: CommunityPostFlag;
  value: boolean;
}

export type CommunityReportBody = { reason: string } & ({ postId: number } | { commentId: number });

export interface CommunityMessage {
  success: boolean;
  message: string;
}

const SPACES = { type: 'CommunitySpace' as const, id: 'LIST' };
const POSTS = { type: 'CommunityPost' as const, id: 'LIST' };
const REPORTS = { type: 'CommunityReport' as const, id: 'LIST' };
const post = (id: number) => ({ type: 'CommunityPost' as const, id });
const comments = (postId: number) => ({ type: 'CommunityComment' as const, id: postId });
/** The cache tags of the community's reads, for the live events (useLiveSpace). */
export const communityTags = { SPACES, POSTS, post, comments };
const profile = (memberId: number) => ({ type: 'CommunityProfile' as const, id: memberId });

/** The community inside the portal: spaces, posts, comments, reactions and moderation (/api/community/*). */
export const communityApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCommunitySpaces: build.query<CommunitySpace[], void>({
      query: () => '/api/community/spaces',
      transformResponse: (res: CommunitySpacesResponse) => res.spaces,
      providesTags: [SPACES],
    }),
    upsertCommunitySpace: build.mutation<CommunitySpaceUpsertResponse, CommunitySpaceUpsertInput>({
      query: (body) => ({ url: '/api/community/space/upsert', method: 'POST', body }),
      // Who sees a space decides which posts the feeds hold.
      invalidatesTags: [SPACES, POSTS],
    }),
    deleteCommunitySpace: build.mutation<CommunityMessage, number>({
      query: (id) => ({ url: `/api/community/space/${id}`, method: 'DELETE' }),
      invalidatesTags: [SPACES, POSTS, REPORTS],
    }),
    getCommunityPosts: build.query<CommunityPostsResponse, CommunityPostsArgs>({
      query: ({ spaceId, page, itemsPerPage, q }) => ({
        url: '/api/community/posts',
        params: {
          ...(spaceId === undefined ? {} : { spaceId }),
          page,
          ...(itemsPerPage === undefined ? {} : { itemsPerPage }),
          ...(q ? { q } : {}),
        },
      }),
      providesTags: (res) => [POSTS, ...(res?.posts ?? []).map((p) => post(p.id))],
    }),
    getCommunityPost: build.query<CommunityPost, number>({
      query: (id) => `/api/community/post/${id}`,
      transformResponse: (res: CommunityPostResponse) => res.post,
      providesTags: (_res, _err, id) => [post(id)],
    }),
    upsertCommunityPost: build.mutation<CommunityPostUpsertResponse, CommunityPostBody>({
      query: (body) => ({ url: '/api/community/post/upsert', method: 'POST', body }),
      invalidatesTags: (_res, _err, body) => [POSTS, SPACES, ...(body.id ? [post(body.id)] : [])],
    }),
    deleteCommunityPost: build.mutation<CommunityMessage, number>({
      // The open post is left behind (the screen leaves it), so it is not read again into a 404.
      query: (id) => ({ url: `/api/community/post/${id}`, method: 'DELETE' }),
      invalidatesTags: [POSTS, SPACES, REPORTS],
    }),
    reactToCommunityPost: build.mutation<CommunityReactResponse, { id: number; like: boolean }>({
      query: ({ id, like }) => ({ url: `/api/community/post/${id}/react`, method: 'PUT', body: { like } }),
      /** Optimistic: the count and the button change at once, and go back if the server refuses. */
      async onQueryStarted({ id, like }, lifecycle) {
        const { dispatch, queryFulfilled } = lifecycle;
        const cachedFeeds = () => communityApi.util.selectCachedArgsForQuery(lifecycle.getState(), 'getCommunityPosts');
        const set = (reactions: { like: number }, myReaction: 'like' | null) => (p: CommunityPost) => {
          p.reactions = reactions;
          p.myReaction = myReaction;
        };
        const guess = (p: CommunityPost) => {
          const had = p.myReaction === 'like';
          set({ like: Math.max(0, p.reactions.like + (like === had ? 0 : like ? 1 : -1)) }, like ? 'like' : null)(p);
        };
        const patches = [dispatch(communityApi.util.updateQueryData('getCommunityPost', id, guess))];
        for (const args of cachedFeeds()) {
          patches.push(
            dispatch(
              communityApi.util.updateQueryData('getCommunityPosts', args, (draft) => {
                const p = draft.posts.find((x) => x.id === id);
                if (p) guess(p);
              }),
            ),
          );
        }
        try {
          const { data } = await queryFulfilled;
          dispatch(communityApi.util.updateQueryData('getCommunityPost', id, set(data.reactions, data.myReaction)));
          for (const args of cachedFeeds()) {
            dispatch(
              communityApi.util.updateQueryData('getCommunityPosts', args, (draft) => {
                const p = draft.posts.find((x) => x.id === id);
                if (p) set(data.reactions, data.myReaction)(p);
              }),
            );
          }
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
    }),
    setCommunityPostFlag: build.mutation<CommunityPostResponse, CommunityPostFlagArgs>({
      query: ({ id, flag, value }) => ({
        url: `/api/community/post/${id}/${flag}`,
        method: 'POST',
        body: { [FLAG_FIELD[flag]]: value },
      }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(communityApi.util.upsertQueryData('getCommunityPost', id, data.post));
        } catch {
          // The toast says why; the post stays as it was.
        }
      },
      // Pinning reorders the feeds; a lock or a hide changes what the comments allow.
      invalidatesTags: (_res, _err, { id }) => [POSTS, REPORTS, comments(id)],
    }),
    getCommunityComments: build.query<CommunityComment[], number>({
      query: (postId) => `/api/community/post/${postId}/comments`,
      transformResponse: (res: CommunityCommentsResponse) => res.comments,
      providesTags: (_res, _err, postId) => [comments(postId)],
    }),
    upsertCommunityComment: build.mutation<CommunityCommentUpsertResponse, CommunityCommentBody>({
      query: (body) => ({ url: '/api/community/comment/upsert', method: 'POST', body }),
      invalidatesTags: (_res, _err, { postId }) => [comments(postId), post(postId), POSTS],
    }),
    deleteCommunityComment: build.mutation<CommunityMessage, { id: number; postId: number }>({
      query: ({ id }) => ({ url: `/api/community/comment/${id}`, method: 'DELETE' }),
      invalidatesTags: (_res, _err, { postId }) => [comments(postId), post(postId), POSTS, REPORTS],
    }),
    hideCommunityComment: build.mutation<
      { comment: CommunityComment },
      { id: number; postId: number; hidden: boolean }
    >({
      query: ({ id, hidden }) => ({ url: `/api/community/comment/${id}/hide`, method: 'POST', body: { hidden } }),
      invalidatesTags: (_res, _err, { postId }) => [comments(postId), post(postId), REPORTS],
    }),
    reportCommunity: build.mutation<CommunityMessage, CommunityReportBody>({
      query: (body) => ({ url: '/api/community/report', method: 'POST', body }),
      invalidatesTags: [REPORTS],
    }),
    getCommunityMentionable: build.query<CommunityAuthor[], { spaceId: number; q: string }>({
      query: ({ spaceId, q }) => ({ url: `/api/community/space/${spaceId}/mentionable`, params: q ? { q } : {} }),
      transformResponse: (res: CommunityMentionableResponse) => res.members,
      keepUnusedDataFor: 30,
    }),
    getCommunityMember: build.query<CommunityProfileResponse, number>({
      query: (id) => `/api/community/member/${id}`,
      // Their posts are in it: a post written, changed or deleted reads it again.
      providesTags: (_res, _err, id) => [profile(id), POSTS],
    }),
    saveCommunityVisibility: build.mutation<CommunityVisibilityResponse, CommunityProfileVisibility>({
      query: (body) => ({ url: '/api/community/profile', method: 'PUT', body }),
      /** The own profile (the one whose read carries `visibility`) shows the saved choice, without a read. */
      async onQueryStarted(_body, lifecycle) {
        const { dispatch, queryFulfilled } = lifecycle;
        try {
          const { data } = await queryFulfilled;
          for (const id of communityApi.util.selectCachedArgsForQuery(lifecycle.getState(), 'getCommunityMember')) {
            dispatch(
              communityApi.util.updateQueryData('getCommunityMember', id, (draft) => {
                if (draft.visibility) draft.visibility = data.visibility;
              }),
            );
          }
        } catch {
          // The toast says why; the choice stays on screen to try again.
        }
      },
    }),
    getCommunityReports: build.query<CommunityReport[], void>({
      query: () => '/api/community/reports',
      transformResponse: (res: CommunityReportsResponse) => res.reports,
      providesTags: [REPORTS],
    }),
    resolveCommunityReport: build.mutation<CommunityMessage, number>({
      query: (id) => ({ url: `/api/community/report/${id}/resolve`, method: 'POST' }),
      invalidatesTags: [REPORTS],
    }),
  }),
});

export const {
  useGetCommunitySpacesQuery,
  useUpsertCommunitySpaceMutation,
  useDeleteCommunitySpaceMutation,
  useGetCommunityPostsQuery,
  useGetCommunityPostQuery,
  useUpsertCommunityPostMutation,
  useDeleteCommunityPostMutation,
  useReactToCommunityPostMutation,
  useSetCommunityPostFlagMutation,
  useGetCommunityCommentsQuery,
  useUpsertCommunityCommentMutation,
  useDeleteCommunityCommentMutation,
  useHideCommunityCommentMutation,
  useReportCommunityMutation,
  useGetCommunityReportsQuery,
  useResolveCommunityReportMutation,
  useGetCommunityMentionableQuery,
  useGetCommunityMemberQuery,
  useSaveCommunityVisibilityMutation,
} = communityApi;
