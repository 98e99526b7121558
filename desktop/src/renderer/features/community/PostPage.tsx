import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { MESSAGES } from '@shared/messages';
import { can } from '@shared/policies';
import type { CommunityPost } from '@shared/types';
import { Banner, LoadError } from '../../components/Banner';
import { Button } from '../../components/Button';
import { selectCurrentUser, useAppSelector } from '../../app/hooks';
import { toApiError } from '../../lib/apiErrors';
import { ConfirmDialog } from '../board/ConfirmDialog';
import { usePageTitle } from '../shell/pageTitles';
import { useDeleteCommunityPostMutation, useGetCommunityPostQuery, useGetCommunitySpacesQuery } from './communityApi';
import { commentCount, postableSpaces, spaceLink } from './communityView';
import { CommunityMarkdown } from './CommunityMarkdown';
import { Comments } from './Comments';
import { FeedSkeleton } from './PostCard';
import { PostFormDialog } from './PostFormDialog';
import { Byline, CommentCount, LikeButton, PostBadges } from './PostParts';
import { PostModeration } from './PostModeration';
import { ReportDialog } from './ReportDialog';
import { useLiveSpace } from './useLiveSpace';

function BackLink({ spaceId }: { spaceId?: number }) {
  return (
    <Link
      to={spaceLink(spaceId)}
      className="inline-flex items-center gap-1 rounded text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      ← {MESSAGES.communityBack}
    </Link>
  );
}

/**
 * /community/post/:id: the post in full (markdown made safe), its Hidden and Locked notices, Like, the
 * author's Edit and Delete, Report for everyone else, the moderators' Pin, Lock and Hide, then the comments.
 */
export function PostPage() {
  const params = useParams();
  const id = /^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : 0;
  const { data: post, error, isLoading, refetch } = useGetCommunityPostQuery(id, { skip: id === 0 });
  usePageTitle(post?.title);

  if (isLoading) return <FeedSkeleton rows={1} />;
  if (!post) {
    const err = id === 0 ? null : toApiError(error);
    return (
      <div className="mx-auto flex max-w-3xl flex-col items-start gap-4">
        <BackLink />
        {err && err.status !== 404 ? (
          <LoadError title={MESSAGES.communityPostLoadFailed} onRetry={() => void refetch()}>
            {err.message}
          </LoadError>
        ) : (
          <Banner kind="error" className="w-full">
            {err?.message && err.status === 404 ? err.message : MESSAGES.communityPostNotFound}
          </Banner>
        )}
      </div>
    );
  }
  return <PostView key={post.id} post={post} />;
}

function PostView({ post }: { post: CommunityPost }) {
  const user = useAppSelector(selectCurrentUser);
  const navigate = useNavigate();
  const { hash } = useLocation();
  const spaces = useGetCommunitySpacesQuery();
  const space = spaces.data?.find((s) => s.id === post.spaceId);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [remove, { isLoading: removing }] = useDeleteCommunityPostMutation();
  const own = user?.id === post.author.id;
  const moderator = can(user, 'community:moderate');
  // Its space's stream: a comment, a like or a moderator's change made elsewhere comes in without a reload.
  useLiveSpace(post.spaceId);

  useEffect(() => {
    if (hash === '#comments') document.getElementById('comments')?.scrollIntoView();
  }, [hash]);

  const confirmDelete = async () => {
    const result = await remove(post.id);
    if (!('error' in result)) void navigate(spaceLink(post.spaceId), { replace: true });
    else setDeleting(false);
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <div>
        <BackLink spaceId={post.spaceId} />
      </div>
      <article aria-labelledby="post-title" className="rounded-xl border border-gray-200 bg-white p-4 shadow-xs sm:p-6">
        <header className="flex flex-col gap-3">
          <PostBadges post={post} />
          <h1 id="post-title" className="text-2xl font-semibold tracking-tight break-words text-gray-900">
            {post.title}
          </h1>
          <Byline author={post.author} createdAt={post.createdAt} editedAt={post.editedAt} size="md">
            {space && (
              <>
                <span aria-hidden="true"> · </span>
                in{' '}
                <Link to={spaceLink(space.id)} className="font-medium text-brand-700 hover:underline">
                  {space.name}
                </Link>
              </>
            )}
          </Byline>
        </header>
        {(post.hidden || post.locked) && (
          <div className="mt-4 flex flex-col gap-2">
            {post.hidden && <Banner kind="warning">{MESSAGES.communityPostHiddenNotice}</Banner>}
            {post.locked && <Banner kind="info">{MESSAGES.communityPostLocked}</Banner>}
          </div>
        )}
        <CommunityMarkdown className="mt-4">{post.body}</CommunityMarkdown>
        <div className="mt-5 flex flex-wrap items-center gap-2 border-t border-gray-100 pt-4">
          <LikeButton post={post} />
          <CommentCount count={post.commentCount} label={commentCount(post.commentCount)} />
          <div className="ml-auto flex flex-wrap gap-2">
            {post.canEdit && (
              <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
                {MESSAGES.communityEdit}
              </Button>
            )}
            {post.canDelete && (
              <Button size="sm" variant="secondary" onClick={() => setDeleting(true)}>
                {MESSAGES.communityDelete}
              </Button>
            )}
            {!own && (
              <Button size="sm" variant="ghost" onClick={() => setReporting(true)}>
                {MESSAGES.communityReport}
              </Button>
            )}
          </div>
        </div>
        {moderator && <PostModeration post={post} />}
      </article>
      <Comments post={post} />
      {editing && <PostFormDialog spaces={postableSpaces(spaces.data)} post={post} onClose={() => setEditing(false)} />}
      {deleting && (
        <ConfirmDialog
          title={MESSAGES.communityDeletePostTitle}
          confirmLabel={MESSAGES.communityDelete}
          busy={removing}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(false)}
        >
          {MESSAGES.communityDeletePostText}
        </ConfirmDialog>
      )}
      {reporting && <ReportDialog target={{ postId: post.id }} onClose={() => setReporting(false)} />}
    </div>
  );
}
