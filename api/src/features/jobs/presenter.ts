import type { FailedJob, JobQueueName, JobQueueSummary } from '@shared/types/jobs';
import { QUEUES } from '../../core/queue';

/** A failed job as the service reads it from pg-boss's job table. */
export interface FailedJobRow {
  id: string;
  name: JobQueueName;
  data: unknown;
  output: unknown;
  retry_count: number;
  created_on: Date | string;
  completed_on: Date | string | null;
}

export interface QueueCountsRow {
  name: JobQueueName;
  queued: number;
  active: number;
  failed: number;
  completed: number;
}

const iso = (v: Date | string) => new Date(v).toISOString();

/** A scalar of the data as text ('?' for anything else). */
const text = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '?');

const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/**
 * What a job was for, in a few words: a mail's kind and recipient and subject, a batch's size, a
 * timer's name. Never the whole data (a mail's text holds links, a reset job its request's address).
 */
export function describeJob(queue: JobQueueName, data: unknown): string {
  const d = record(data);
  switch (queue) {
    case 'mail': {
      if (d.kind === 'message') {
        const message = record(d.message);
        return `Mail to ${text(message.to)}: ${text(message.subject)}`.trim();
      }
      if (d.kind === 'password-reset') return `Password reset mail to ${text(d.email)}`;
      if (d.kind === 'notification') return `Notification mail (notification ${text(d.notificationId)})`;
      return `Mail (${text(d.kind)})`;
    }
    case 'analytics-forward':
      return `${Array.isArray(d.events) ? d.events.length : 0} analytics events to PostHog`;
    case 'stripe-sync':
      return 'Sync with Stripe';
    default:
      return `Timer ${queue}`;
  }
}

/** The message of what a failed attempt left in the job's output (pg-boss stores the thrown error, serialized). */
export function lastErrorOf(output: unknown): string {
  const o = record(output);
  if (typeof o.message === 'string') return o.message;
  const value = o.value;
  if (typeof value === 'string') return value;
  const inner = record(value);
  if (typeof inner.message === 'string') return inner.message;
  return output === null || output === undefined ? '' : JSON.stringify(output);
}

export function presentFailedJob(row: FailedJobRow): FailedJob {
  return {
    id: row.id,
    queue: row.name,
    description: describeJob(row.name, row.data),
    lastError: lastErrorOf(row.output).slice(0, 1000),
    attempts: Number(row.retry_count) + 1,
    createdAt: iso(row.created_on),
    failedAt: row.completed_on === null ? null : iso(row.completed_on),
  };
}

export function presentQueueSummary(row: QueueCountsRow): JobQueueSummary {
  const cron: string | undefined = (QUEUES[row.name] as { cron?: string }).cron;
  return {
    queue: row.name,
    queued: Number(row.queued),
    active: Number(row.active),
    failed: Number(row.failed),
    completedLast24h: Number(row.completed),
    cron: cron ?? null,
  };
}
