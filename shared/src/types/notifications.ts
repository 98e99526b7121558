import type { NotificationDelivery, NotificationPreferenceType, NotificationType } from '../schemas/notifications';

/** One entry of the inbox (docs/areas/notifications.md). `actor` is null once the actor's account is deleted. */
export interface NotificationItem {
  id: number;
  type: NotificationType;
  text: string;
  /** The comment it is about (a comment, or the one sent with a review's move), shortened; else null. */
  quote: string | null;
  readAt: string | null;
  createdAt: string;
  actor: { id: number; fullName: string } | null;
  /** The card it is about (its board's owner: ownerId); null for a community notification. */
  card: { id: number; title: string; ownerId: number } | null;
  /** The community post it is about (docs/areas/community.md#notifications); null for a card's. */
  post: { id: number; title: string; spaceId: number } | null;
}

/** GET /api/notification/read-many */
export interface NotificationReadManyResponse {
  notifications: NotificationItem[];
  unread: number;
  total: number;
}

/** PUT /api/notification/mark-read */
export interface NotificationMarkReadResponse {
  marked: number;
  unread: number;
}

/** GET and PUT /api/notification/preferences */
export interface NotificationPreferencesResponse {
  preferences: Record<NotificationPreferenceType, NotificationDelivery>;
}
