export {
  CARD_REMINDER_QUEUE,
  cardReminderHandler,
  DUE_SOON_LEAD_MS,
  reminderWhen,
  runCardReminder,
  runCardReminders,
  syncCardReminders,
  type CardReminderJob,
  type CardReminderKind,
} from './card-reminders';
