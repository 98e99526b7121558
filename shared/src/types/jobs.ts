/**
 * The job queue as the Jobs API shows it to admins (docs/areas/jobs.md). The queue names are the
 * API's contract too: the API's queue definitions (api/src/core/queue/queues.ts) are keyed by them.
 */
export const JOB_QUEUES = [
  'mail',
  'analytics-forward',
  'stripe-sync',
  'prune',
  'live-sweep',
  'uploads-sweep',
  'analytics-sweep',
  'notification-digest',
  'call-reminders',
  'card-reminder',
  'review-sla',
  'recurring-cards',
] as const;
export type JobQueueName = (typeof JOB_QUEUES)[number];

/** GET /api/jobs/summary: one row per queue. */
export interface JobQueueSummary {
  queue: JobQueueName;
  /** Waiting to run: new, or failed and waiting for a retry. */
  queued: number;
  active: number;
  /** Out of attempts (the dead letters): listed by GET /api/jobs/failed, until retried or discarded. */
  failed: number;
  /** Completed in the last 24 hours. */
  completedLast24h: number;
  /** A timer's schedule (cron, UTC), or null for a queue filled by requests. */
  cron: string | null;
}

export interface JobSummaryResponse {
  queues: JobQueueSummary[];
}

/** One failed job: what it was for (never its whole data: mails carry addresses and links), its last error and attempts. */
export interface FailedJob {
  id: string;
  queue: JobQueueName;
  /** A short description: a mail's kind and recipient, a timer's name. */
  description: string;
  lastError: string;
  attempts: number;
  createdAt: string;
  failedAt: string | null;
}

export interface FailedJobsResponse {
  jobs: FailedJob[];
  total: number;
  page: number;
  perPage: number;
}

/** POST /api/jobs/retry and /api/jobs/discard. */
export interface JobActionResponse {
  success: true;
  message: string;
}
