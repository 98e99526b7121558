/**
 * The notification inbox (docs/areas/notifications.md): what other features and the app use. A feature
 * that causes a notification writes it with `notify*` in its own transaction and enqueues its mails.
 */
export { notificationRoutes } from './routes';
export {
  enqueueNotificationDigests,
  enqueueNotificationMails,
  NOTIFICATION_MAIL,
  notificationMailJobsSelect,
  notificationMailRenderer,
} from './mail';
export { notify, notifyComment, QUOTE_LENGTH, quoteOf, type NotificationDraft } from './service';
