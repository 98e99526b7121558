import type { NotificationType } from '@shared/schemas';
import type { NotificationItem } from '@shared/types';

/** One inbox row with its actor and card, as the inbox lists it. */
export interface InboxRow {
  id: number;
  type: NotificationType;
  text: string;
  read_at: Date | string | null;
  created_at: Date | string;
  actor_id: number | null;
  actor_name: string | null;
  card_id: number;
  card_title: string;
  board_owner_id: number;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** An inbox row as GET /api/notification/read-many sends it (docs/areas/notifications.md). */
export function presentNotification(row: InboxRow): NotificationItem {
  return {
    id: row.id,
    type: row.type,
    text: row.text,
    readAt: row.read_at === null ? null : iso(row.read_at),
    createdAt: iso(row.created_at),
    actor: row.actor_id === null ? null : { id: row.actor_id, fullName: row.actor_name ?? '' },
    card: { id: row.card_id, title: row.card_title, ownerId: row.board_owner_id },
  };
}
