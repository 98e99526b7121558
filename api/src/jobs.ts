import type { Knex } from 'knex';
import type { Config } from './config';
import type { Mailer } from './adapters/mail';
import { createPostHogForwarder } from './adapters/posthog';
import type { Storage } from './adapters/storage';
import type { Logger } from './core/logger';
import { mailHandler, pruneMailDeliveries, type BatchJobHandler, type JobHandler, type QueueName } from './core/queue';
import { pruneRateLimits } from './core/rate-limit';
import { pruneSessions } from './core/session';
import { analyticsForwardHandler, analyticsRetentionDays, sweepAnalytics } from './features/analytics';
import { pruneResetTokens, RESET_MAIL, resetMailRenderer } from './features/auth';
import { sweepLiveEvents } from './features/live';
import { pruneCallReminders, sendCallReminders } from './features/calendar';
import { enqueueNotificationDigests, NOTIFICATION_MAIL, notificationMailRenderer } from './features/notifications';
import { stripeSyncHandler } from './features/payments';
import { cardReminderHandler } from './features/board';
import { runRecurringCards } from './features/playbooks';
import { pruneReviewDeadlineAlerts, sendReviewDeadlineAlerts } from './features/review';
import { sweepUnreferencedUploads } from './features/uploads';

export interface JobDeps {
  config: Config;
  knex: Knex;
  mailer: Mailer;
  storage: Storage;
  log: Logger;
}

/**
 * What each queue's worker does (the queues and their rules: core/queue/queues.ts; docs/areas/jobs.md).
 * Every queue has its handler here, and every handler can be called directly (tests do).
 */
export function jobHandlers(deps: JobDeps): Record<QueueName, JobHandler | BatchJobHandler> {
  const { config, knex, mailer, storage, log } = deps;
  return {
    mail: mailHandler(
      { knex, mailer, log, from: config.mailFrom },
      {
        [RESET_MAIL]: resetMailRenderer({ knex, config, log }),
        [NOTIFICATION_MAIL]: notificationMailRenderer({ knex, publicUrl: config.publicUrl }),
      },
    ),
    'analytics-forward': analyticsForwardHandler(config.posthog ? createPostHogForwarder(config.posthog) : null),
    'stripe-sync': stripeSyncHandler({ knex, payments: config.payments }),
    prune: async () => {
      await pruneRateLimits(knex);
      return {
        sessions: await pruneSessions(knex),
        resetTokens: await pruneResetTokens(knex),
        mailDeliveries: await pruneMailDeliveries(knex),
        callReminders: await pruneCallReminders(knex),
        reviewDeadlineAlerts: await pruneReviewDeadlineAlerts(knex),
      };
    },
    'live-sweep': async () => ({ deleted: await sweepLiveEvents(knex) }),
    'uploads-sweep': async () => {
      const { deleted } = await sweepUnreferencedUploads(knex, storage);
      if (deleted.length) log.info('unreferenced uploads deleted', { count: deleted.length });
      return { deleted: deleted.length };
    },
    'analytics-sweep': async () => {
      const retentionDays = await analyticsRetentionDays(knex, config.settingDefaults);
      const swept = await sweepAnalytics(knex, retentionDays);
      if (swept.events || swept.daily || swept.activeDays || swept.activeWeeks) {
        log.info('old analytics deleted', { retentionDays, ...swept });
      }
      return swept;
    },
    'notification-digest': async () => {
      const queued = await enqueueNotificationDigests({ knex, publicUrl: config.publicUrl });
      if (queued) log.info('notification digests queued', { count: queued });
      return { queued };
    },
    'call-reminders': async () => ({ queued: await sendCallReminders(knex, config.publicUrl) }),
    'card-reminder': cardReminderHandler(knex),
    'review-sla': async () => ({ alerted: await sendReviewDeadlineAlerts(knex, config.settingDefaults) }),
    'recurring-cards': async () => ({ made: await runRecurringCards(knex) }),
  };
}
