import { formatAgo } from '@shared/messages';
import type { CommunitySpace, Role } from '@shared/types';
import { plural } from '../../lib/plural';
import { roleLabel } from '../shell/SwitchRolesDialog';

/** Where a post opens. */
export const postLink = (id: number) => `/community/post/${id}`;

/** A member's community profile. */
export const memberLink = (id: number) => `/community/member/${id}`;

/** The feed of one space (or of all, without an id). */
export const spaceLink = (spaceId?: number | null) => (spaceId ? `/community?space=${spaceId}` : '/community');

/** "just now", "5 minutes ago", "2 days ago", else the date; `now` for tests. */
export function timeAgo(iso: string, now = Date.now()): string {
  return (
    formatAgo((now - Date.parse(iso)) / 1000) ?? new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' })
  );
}

/** The full date and time, for the title of a <time>. */
export const fullDate = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** How long a feed's excerpt may be, in characters. */
export const EXCERPT_MAX = 220;

/**
 * A post's first words as plain text, for the feed: the markdown's marks dropped (links keep their
 * words; images, code blocks and raw HTML tags go), whitespace folded, cut at `max` with an ellipsis.
 */
export function excerptOf(markdown: string, max = EXCERPT_MAX): string {
  const text = markdown
    .replace(/```[\s\S]*?(```|$)/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/!\[[^\]]*\]\((?:[^()]|\([^()]*\))*\)/g, ' ')
    .replace(/\[([^\]]*)\]\((?:[^()]|\([^()]*\))*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/[*_~`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

export const likeCount = (n: number) => plural(n, 'like');
export const commentCount = (n: number) => plural(n, 'comment');
export const postCount = (n: number) => plural(n, 'post');

/** "Premium, Basic", or `empty` when the list is empty. */
export const rolesText = (roles: readonly Role[], empty: string) =>
  roles.length === 0 ? empty : roles.map(roleLabel).join(', ');

/** The spaces a new post may go to. */
export const postableSpaces = (spaces: readonly CommunitySpace[] | undefined) =>
  (spaces ?? []).filter((s) => s.canPost);
