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
  card: { id: number; title: string; ownerId: number };
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
