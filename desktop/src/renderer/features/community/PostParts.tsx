import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { fillMessage, MESSAGES } from '@shared/messages';
import type { CommunityAuthor, CommunityPost } from '@shared/types';
import { Avatar } from '../../components/Avatar';
import { cn } from '../../lib/cn';
import { fullDate, likeCount, memberLink, timeAgo } from './communityView';
import { useReactToCommunityPostMutation } from './communityApi';

/** The author's photo and name (a link to their profile), when they wrote it, and whether it was edited since. */
export function Byline({
  author,
  createdAt,
  editedAt,
  size = 'sm',
  children,
}: {
  author: CommunityAuthor;
  createdAt: string;
  editedAt: string | null;
  size?: 'sm' | 'md';
  /** More after the time (the space's name). */
  children?: ReactNode;
}) {
  return (
    <div className="flex min-w-0 items-center gap-2.5">
      <Avatar photoUrl={author.avatar} fullName={author.fullName} size={size} />
      <p className="min-w-0 text-sm text-gray-600">
        <Link
          to={memberLink(author.id)}
          className="rounded font-medium text-gray-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          {author.fullName}
        </Link>
        <span aria-hidden="true"> · </span>
        <time dateTime={createdAt} title={fullDate(createdAt)}>
          {timeAgo(createdAt)}
        </time>
        {editedAt && <span title={fullDate(editedAt)}> ({MESSAGES.communityEdited})</span>}
        {children}
      </p>
    </div>
  );
}

const TONES = {
  brand: 'bg-brand-50 text-brand-800 ring-brand-200',
  amber: 'bg-amber-50 text-amber-900 ring-amber-200',
  gray: 'bg-gray-100 text-gray-700 ring-gray-200',
} as const;

export function Badge({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1', TONES[tone])}>
      {children}
    </span>
  );
}

/** Pinned, Locked, Hidden: what a moderator did to the post. */
export function PostBadges({ post }: { post: Pick<CommunityPost, 'pinned' | 'locked' | 'hidden'> }) {
  if (!post.pinned && !post.locked && !post.hidden) return null;
  return (
    <span className="flex flex-wrap gap-1.5">
      {post.pinned && <Badge tone="brand">{MESSAGES.communityPinned}</Badge>}
      {post.locked && <Badge tone="gray">{MESSAGES.communityLocked}</Badge>}
      {post.hidden && <Badge tone="amber">{MESSAGES.communityHidden}</Badge>}
    </span>
  );
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className="size-4 shrink-0" aria-hidden="true" fill={filled ? 'currentColor' : 'none'}>
      <path
        d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Like / unlike, with the count; the change shows at once and goes back if the server refuses. */
export function LikeButton({ post }: { post: Pick<CommunityPost, 'id' | 'reactions' | 'myReaction'> }) {
  const [react] = useReactToCommunityPostMutation();
  const liked = post.myReaction === 'like';
  const count = post.reactions.like;
  return (
    <button
      type="button"
      aria-pressed={liked}
      aria-label={fillMessage(MESSAGES.communityLikeLabel, { count })}
      title={likeCount(count)}
      onClick={() => void react({ id: post.id, like: !liked })}
      className={cn(
        'inline-flex h-8 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium ring-1 ring-inset',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
        liked ? 'bg-brand-50 text-brand-700 ring-brand-300' : 'bg-white text-gray-700 ring-gray-300 hover:bg-gray-50',
      )}
    >
      <HeartIcon filled={liked} />
      {/* The space keeps "Like 1" apart for axe's label-content-name-mismatch, as a voice user says it. */}
      <span>{MESSAGES.communityLike}</span> <span className="tabular-nums">{count}</span>
    </button>
  );
}

function BubbleIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-4 shrink-0"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
    >
      <path d="M4 5h16v11H9l-5 4z" />
    </svg>
  );
}

export function CommentCount({ count, label }: { count: number; label: string }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-sm text-gray-600" title={label}>
      <BubbleIcon />
      <span className="tabular-nums" aria-hidden="true">
        {count}
      </span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
