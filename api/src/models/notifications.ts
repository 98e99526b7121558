import { BaseModel, type Timestamp } from './base';

export type NotificationType = 'mention' | 'comment' | 'for_review' | 'review_done';
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
  ] as const;

  declare id: number;
  declare user_id: number;
  declare type: NotificationType;
  declare actor_id: number | null;
  declare card_id: number;
  declare board_owner_id: number;
  declare text: string;
  declare read_at: Timestamp | null;
  declare emailed_at: Timestamp | null;
  declare created_at: Timestamp;
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
