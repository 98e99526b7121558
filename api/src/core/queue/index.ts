/** The job queue (docs/areas/jobs.md): definitions, enqueueing (the outbox), the workers, mail. */
export { QUEUES, QUEUE_NAMES, QUEUE_SCHEMA, isQueueName, type QueueName, type QueueDefinition } from './queues';
export { enqueue, enqueueSql, nudgeAfterCommit, afterCommit, queueClient, type EnqueueOptions } from './outbox';
export { connectionExecutor } from './executors';
export {
  JobRunner,
  startJobRunner,
  type BatchJobHandler,
  type JobHandler,
  type JobHandlers,
  type JobRunnerOptions,
  type RunningJob,
} from './runner';
export {
  enqueueMail,
  enqueueMailOf,
  mailHandler,
  messageIdFor,
  pruneMailDeliveries,
  type MailJobData,
  type MailRenderer,
} from './mail';
export { waitForJob, type FinishedJob } from './wait';
