import type { NotificationType } from '@shared/schemas/notifications';
import { BaseModel, type Timestamp } from './base';

export type { NotificationType };
export type NotificationDelivery = 'app' | 'email' | 'digest';

/** `notifications`: one entry of a user's inbox (docs/areas/notifications.md), written in the transaction of its cause. */
export class Notification extends BaseModel {
  static override tableName = 'notifications';
  static override idColumn = 'id';
  static override columns = [
    'id',
    'user_id',
    'type',
    'actor_id',
    'card_id',
    'board_owner_id',
    'text',
    'read_at',
    'emailed_at',
    'created_at',
    'quote',
    'post_id',
  ] as const;

  declare id: number;
  declare user_id: number;
  declare type: NotificationType;
  declare actor_id: number | null;
  /** The card it is about; null for a community notification (then `post_id`). */
  declare card_id: number | null;
  declare board_owner_id: number | null;
  declare text: string;
  /** The start of the comment a notification is about (QUOTE_LENGTH characters at most), or null. */
  declare quote: string | null;
  declare read_at: Timestamp | null;
  declare emailed_at: Timestamp | null;
  declare created_at: Timestamp;
  /** The community post it is about (docs/areas/community.md#notifications); null for a card's. */
  declare post_id: number | null;
}

/** `notification_preferences`: how a user receives one type; no row means in the app only. */
export class NotificationPreference extends BaseModel {
  static override tableName = 'notification_preferences';
  static override idColumn = ['user_id', 'type'];
  static override columns = ['user_id', 'type', 'delivery', 'updated_at'] as const;

  declare user_id: number;
  declare type: Exclude<NotificationType, 'mention'>;
  declare delivery: NotificationDelivery;
  declare updated_at: Timestamp;
}

/** `card_reminders`: a due-date reminder sent, once per card, kind and due date (docs/areas/reminders.md). */
export class CardReminder extends BaseModel {
  static override tableName = 'card_reminders';
  static override idColumn = ['card_id', 'kind', 'due_at'];
  static override columns = ['card_id', 'kind', 'due_at', 'sent_at'] as const;

  declare card_id: number;
  declare kind: 'card_due_soon' | 'card_overdue';
  declare due_at: Timestamp;
  declare sent_at: Timestamp;
}

/** `review_sla_alerts`: a `review_waiting_long` sent, once per card and stay in FOR REVIEW. */
export class ReviewSlaAlert extends BaseModel {
  static override tableName = 'review_sla_alerts';
  static override idColumn = ['card_id', 'waiting_since'];
  static override columns = ['card_id', 'waiting_since', 'sent_at'] as const;

  declare card_id: number;
  declare waiting_since: Timestamp;
  declare sent_at: Timestamp;
}
