import type { JobQueueName } from '@shared/types/jobs';

/**
 * Every queue of the job queue, with its retry rules and, for the timers, its schedule
 * (docs/areas/jobs.md). The names (shared/src/types/jobs.ts) are the contract between the code
 * that enqueues a job, the worker that runs it and the Jobs API; the handlers are wired in
 * api/src/jobs.ts.
 */

/** The PostgreSQL schema of pg-boss's tables (job, archive, queue, schedule, version). */
export const QUEUE_SCHEMA = 'pgboss';

export interface QueueDefinition {
  /** Attempts after the first (pg-boss retryLimit); then the job is `failed`: the dead letters of the Jobs API. */
  retryLimit: number;
  /** Seconds before the first retry; with `retryBackoff` each retry waits about twice as long, with jitter. */
  retryDelay: number;
  retryBackoff: boolean;
  /** A running job taking longer than this counts as failed (and is retried). */
  expireInSeconds: number;
  /**
   * `stately`: at most one job queued and one running (a timer whose run takes longer than its
   * period never piles up runs). `standard`: no limit.
   */
  policy: 'standard' | 'stately';
  /** Timers: a cron expression in UTC; pg-boss sends one job per tick, whatever the number of workers. */
  cron?: string;
  /** Timers that also run once when a worker starts (a sweep that should not wait an hour after a deploy). */
  atStart?: boolean;
  /** Jobs a worker takes at once and how many of these run side by side in one process. */
  concurrency?: number;
  /**
   * Jobs a worker fetches together (default 1); their handler is a BatchJobHandler that runs them
   * in one transaction: one commit for many jobs where each would otherwise wait for its own.
   */
  batchSize?: number;
}

/** Mail and the other work for the outside world: retried with backoff, the first retry within a minute. */
const OUTWARD = { retryLimit: 5, retryDelay: 30, retryBackoff: true, policy: 'standard' } as const;

/** Timers: the next tick runs them again, so a failure is retried once and then left to it. */
const TIMER = {
  retryLimit: 1,
  retryDelay: 60,
  retryBackoff: false,
  expireInSeconds: 15 * 60,
  policy: 'stately',
} as const;

export const QUEUES = {
  /** Every mail the portal sends (api/src/core/queue/mail.ts). */
  mail: { ...OUTWARD, expireInSeconds: 5 * 60, concurrency: 2 },
  /** A batch of analytics events for PostHog, written with the events. */
  'analytics-forward': { ...OUTWARD, expireInSeconds: 60 },
  /** Sync with Stripe (User Dashboard, admin): every customer's subscription status. */
  'stripe-sync': { ...OUTWARD, retryLimit: 2, expireInSeconds: 10 * 60 },
  /** Expired sessions, reset tokens and rate-limit counters, old mail delivery records. */
  prune: { ...TIMER, cron: '*/10 * * * *' },
  /** Live events older than their replay window. */
  'live-sweep': { ...TIMER, cron: '* * * * *' },
  /** Uploads no row references any more (older than a day). */
  'uploads-sweep': { ...TIMER, cron: '17 * * * *', atStart: true },
  /** Analytics events and rollups older than the retention setting. */
  'analytics-sweep': { ...TIMER, cron: '41 */6 * * *', atStart: true },
  /** The daily notification digest, at 07:00 UTC. */
  'notification-digest': { ...TIMER, cron: '0 7 * * *' },
  /** Reminders of the coaching calls starting within the hour, to members who said they attend. */
  'call-reminders': { ...TIMER, expireInSeconds: 5 * 60, cron: '* * * * *' },
  /**
   * A card's due-date reminder (`card_due_soon`, `card_overdue`), one job per card and kind, due at
   * its moment (startAfter); moved or cancelled when the card changes (docs/areas/reminders.md).
   */
  'card-reminder': {
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
    policy: 'standard',
    expireInSeconds: 60,
    concurrency: 4,
    batchSize: 50,
  },
  /** The review deadline: cards waiting in FOR REVIEW past `reviewSlaHours` tell their coach, every minute. */
  'review-sla': { ...TIMER, expireInSeconds: 5 * 60, cron: '* * * * *' },
  /** Recurring cards: the current period's card on each member's board that has none yet (also at a worker's start). */
  'recurring-cards': { ...TIMER, cron: '*/10 * * * *', atStart: true },
} as const satisfies Record<JobQueueName, QueueDefinition>;

export type QueueName = keyof typeof QUEUES;

export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];

export function isQueueName(name: string): name is QueueName {
  return Object.prototype.hasOwnProperty.call(QUEUES, name);
}

export function definitionOf(name: QueueName): QueueDefinition {
  return QUEUES[name];
}
