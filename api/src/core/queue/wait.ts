import type { Knex } from 'knex';
import { QUEUE_SCHEMA, type QueueName } from './queues';

export interface FinishedJob {
  /** completed; failed (no attempt left); retry (this attempt failed, another will come); pending (still queued or running at the deadline). */
  state: 'completed' | 'failed' | 'retry' | 'pending';
  output: unknown;
}

/**
 * Waits for job `id` of `queue` to finish its current attempt, reading its row every `pollMs`,
 * for at most `timeoutMs`. For a request that answers with a job's result (Sync with Stripe):
 * whichever worker takes the job, in this process or another.
 */
export async function waitForJob(
  knex: Knex,
  queue: QueueName,
  id: string,
  timeoutMs: number,
  pollMs = 100,
): Promise<FinishedJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await knex
      .withSchema(QUEUE_SCHEMA)
      .from('job')
      .where({ name: queue, id })
      .first<{ state: string; output: unknown } | undefined>('state', 'output');
    if (row && (row.state === 'completed' || row.state === 'failed' || row.state === 'retry')) {
      return { state: row.state, output: row.output };
    }
    if (!row) {
      const archived = await knex
        .withSchema(QUEUE_SCHEMA)
        .from('archive')
        .where({ name: queue, id })
        .first<{ state: string; output: unknown } | undefined>('state', 'output');
      if (archived?.state === 'completed' || archived?.state === 'failed') {
        return { state: archived.state, output: archived.output };
      }
    }
    if (Date.now() >= deadline) return { state: 'pending', output: null };
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
