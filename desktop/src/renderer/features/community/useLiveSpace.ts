import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { useLiveHub } from '../live/LiveStream';
import { communityApi, communityTags } from './communityApi';

/** A `community` event (docs/areas/community.md#live): ids only, never text. */
export interface CommunityEvent {
  kind: 'post' | 'comment' | 'reaction' | 'moderation' | 'deleted';
  spaceId: number;
  postId: number;
  commentId?: number;
}

export function isCommunityEvent(data: unknown): data is CommunityEvent {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Record<string, unknown>;
  return typeof d.kind === 'string' && typeof d.spaceId === 'number' && typeof d.postId === 'number';
}

const { SPACES, POSTS, post, comments } = communityTags;

/** What a change makes stale: the feeds (and profiles) always, the post, and its comments or the spaces' counts. */
export function staleTags(e: CommunityEvent) {
  switch (e.kind) {
    case 'reaction':
      return [POSTS, post(e.postId)];
    case 'post':
      return [POSTS, SPACES, post(e.postId)];
    case 'comment':
    case 'moderation':
      return [POSTS, post(e.postId), comments(e.postId)];
    case 'deleted':
      return e.commentId === undefined ? [POSTS, SPACES, post(e.postId)] : [POSTS, post(e.postId), comments(e.postId)];
    default:
      return [POSTS, SPACES, post(e.postId), comments(e.postId)];
  }
}

/**
 * Keeps a community screen open on a space live (docs/areas/community.md#live): the window's one
 * event stream (the app shell's live hub) watches the space (`GET /api/events?space=<id>`), and each
 * `community` event of it marks the reads it changed stale, so RTK Query reads again what a screen
 * shows (the feed, the post, its comments): the API decides what this reader may see of it. A
 * `resync`, or the stream back after a break, reads the space's data again.
 */
export function useLiveSpace(spaceId: number | null | undefined): void {
  const hub = useLiveHub();
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!hub || !spaceId) return;
    const release = hub.watchSpace(spaceId);
    const off = hub.subscribe((e, _board, space) => {
      if (space !== spaceId) return;
      if (e.event === 'resync' || e.event === 'reconnected') {
        dispatch(communityApi.util.invalidateTags([SPACES, POSTS, 'CommunityComment']));
        return;
      }
      if (e.event !== 'community' || !isCommunityEvent(e.data) || e.data.spaceId !== spaceId) return;
      dispatch(communityApi.util.invalidateTags(staleTags(e.data)));
    });
    return () => {
      off();
      release();
    };
  }, [hub, spaceId, dispatch]);
}
