import * as yup from 'yup';
import { MESSAGES } from '../messages';
import { id, integer } from './fields';

/** The notification inbox and its preferences (docs/areas/notifications.md). */

export const NOTIFICATION_TYPES = [
  'mention',
  'comment',
  'for_review',
  'review_done',
  'card_due_soon',
  'card_overdue',
  'review_waiting_long',
  'community_mention',
  'community_comment',
  'community_reply',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The types a user chooses the delivery of (a mention is always in the app, and mailed as before). */
export const NOTIFICATION_PREFERENCE_TYPES = [
  'comment',
  'for_review',
  'review_done',
  'card_due_soon',
  'card_overdue',
  'review_waiting_long',
  'community_mention',
  'community_comment',
  'community_reply',
] as const;
export type NotificationPreferenceType = (typeof NOTIFICATION_PREFERENCE_TYPES)[number];

export const NOTIFICATION_DELIVERIES = ['app', 'email', 'digest'] as const;
export type NotificationDelivery = (typeof NOTIFICATION_DELIVERIES)[number];

export const NOTIFICATIONS_PER_PAGE_DEFAULT = 20;
export const NOTIFICATIONS_PER_PAGE_MAX = 100;
/** The most ids one mark-read call takes. */
export const NOTIFICATIONS_MARK_MAX = 500;

/** GET /api/notification/read-many?page=&itemsPerPage= */
export const notificationPageQuerySchema = yup.object({
  page: integer().min(1, 'The page starts at 1').max(1_000_000).default(1),
  itemsPerPage: integer()
    .min(1, 'At least 1 per page')
    .max(NOTIFICATIONS_PER_PAGE_MAX, `At most ${NOTIFICATIONS_PER_PAGE_MAX} per page`)
    .default(NOTIFICATIONS_PER_PAGE_DEFAULT),
});
export type NotificationPageQuery = yup.InferType<typeof notificationPageQuerySchema>;

/** PUT /api/notification/mark-read: `{ids: [...]}` or `{all: true}`, exactly one of them. */
export const notificationMarkReadSchema = yup
  .object({
    ids: yup
      .array(id().required())
      .min(1, 'Give at least one id')
      .max(NOTIFICATIONS_MARK_MAX, `At most ${NOTIFICATIONS_MARK_MAX} ids`)
      .optional(),
    all: yup.boolean().oneOf([true], 'all must be true').optional(),
  })
  .test('ids-or-all', 'Give ids or all', function (value) {
    const hasIds = value.ids !== undefined;
    const hasAll = value.all !== undefined;
    if (hasIds !== hasAll) return true;
    return this.createError({ path: 'ids', message: 'Give either ids or all: true' });
  });
export type NotificationMarkReadInput = yup.InferType<typeof notificationMarkReadSchema>;

const delivery = () =>
  yup
    .string()
    .required(MESSAGES.fieldRequired)
    .oneOf([...NOTIFICATION_DELIVERIES], 'Choose app, email or digest');

/**
 * PUT /api/notification/preferences: the delivery of each preference type. The first three are
 * required (as they always were); the reminder types are optional, a type left out keeps its delivery.
 */
export const notificationPreferencesSchema = yup.object({
  preferences: yup
    .object({
      comment: delivery(),
      for_review: delivery(),
      review_done: delivery(),
      card_due_soon: delivery().optional().default(undefined),
      card_overdue: delivery().optional().default(undefined),
      review_waiting_long: delivery().optional().default(undefined),
      community_mention: delivery().optional().default(undefined),
      community_comment: delivery().optional().default(undefined),
      community_reply: delivery().optional().default(undefined),
    })
    .required(MESSAGES.fieldRequired),
});
export type NotificationPreferencesInput = yup.InferType<typeof notificationPreferencesSchema>;
