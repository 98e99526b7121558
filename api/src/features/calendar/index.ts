/** The calendar: the public entry of the feature (routes, and the reminder timer's work for api/src/jobs.ts). */
export { calendarRoutes } from './routes';
export { sendCallReminders, pruneCallReminders, CALL_REMINDER_LEAD_MS } from './reminders';
