import type { NotificationItem } from '@shared/types';
import type { Card, CommunityPostRow, Notification, User } from '../../models';

/** One inbox row with its actor and card, as the inbox lists it. */
export type InboxRow = Pick<
  Notification,
  'id' | 'type' | 'text' | 'quote' | 'read_at' | 'created_at' | 'actor_id' | 'card_id' | 'board_owner_id' | 'post_id'
> & {
  actor_name: User['full_name'] | null;
  card_title: Card['title'] | null;
  post_title: CommunityPostRow['title'] | null;
  post_space_id: number | null;
};

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** An inbox row as GET /api/notification/read-many sends it (docs/areas/notifications.md). */
export function presentNotification(row: InboxRow): NotificationItem {
  return {
    id: row.id,
    type: row.type,
    text: row.text,
    quote: row.quote ?? null,
    readAt: row.read_at === null ? null : iso(row.read_at),
    createdAt: iso(row.created_at),
    actor: row.actor_id === null ? null : { id: row.actor_id, fullName: row.actor_name ?? '' },
    card:
      row.card_id === null ? null : { id: row.card_id, title: row.card_title ?? '', ownerId: row.board_owner_id ?? 0 },
    post:
      row.post_id === null ? null : { id: row.post_id, title: row.post_title ?? '', spaceId: row.post_space_id ?? 0 },
  };
}
