import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { CommunityPost } from '@shared/types';
import { cn } from '../../lib/cn';
import { commentCount, excerptOf, postLink } from './communityView';
import { Byline, CommentCount, LikeButton, PostBadges } from './PostParts';

/** One post in the feed: who and when, its badges, the title (opens it), the first words, likes and comments. */
export function PostCard({ post, spaceName }: { post: CommunityPost; spaceName?: string }) {
  const titleId = useId();
  const excerpt = excerptOf(post.body);
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'flex flex-col gap-3 rounded-xl border bg-white p-4 shadow-xs sm:p-5',
        post.pinned ? 'border-brand-200' : 'border-gray-200',
        post.hidden && 'border-dashed',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Byline author={post.author} createdAt={post.createdAt} editedAt={post.editedAt}>
          {spaceName && (
            <>
              <span aria-hidden="true"> · </span>
              <span>in {spaceName}</span>
            </>
          )}
        </Byline>
        <PostBadges post={post} />
      </div>
      <div className="min-w-0">
        <h2 id={titleId} className="text-base font-semibold break-words text-gray-900">
          <Link
            to={postLink(post.id)}
            className="rounded hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            {post.title}
          </Link>
        </h2>
        {excerpt && <p className="mt-1 text-sm break-words text-gray-600">{excerpt}</p>}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <LikeButton post={post} />
        <Link
          to={`${postLink(post.id)}#comments`}
          className="rounded-lg px-1 focus-visible:outline-2 focus-visible:outline-brand-500"
          aria-label={`${commentCount(post.commentCount)}: ${post.title}`}
        >
          <CommentCount count={post.commentCount} label={commentCount(post.commentCount)} />
        </Link>
      </div>
    </article>
  );
}

/** The feed's loading state: the shape of the posts to come. */
export function FeedSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div role="status" className="flex flex-col gap-3">
      <span className="sr-only">Loading posts…</span>
      {Array.from({ length: rows }, (_, i) => (
        <div
          key={i}
          aria-hidden="true"
          data-testid="post-skeleton"
          className="flex animate-pulse flex-col gap-3 rounded-xl border border-gray-200 bg-white p-5"
        >
          <div className="flex items-center gap-2.5">
            <div className="size-8 rounded-full bg-gray-200" />
            <div className="h-3 w-40 rounded bg-gray-200" />
          </div>
          <div className="h-4 w-2/3 rounded bg-gray-200" />
          <div className="h-3 w-full rounded bg-gray-100" />
          <div className="h-3 w-5/6 rounded bg-gray-100" />
        </div>
      ))}
    </div>
  );
}
