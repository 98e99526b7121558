import * as yup from 'yup';
import { MESSAGES } from '../messages';
import { JOB_QUEUES } from '../types/jobs';
import { integer } from './fields';

/** Failed jobs per page of GET /api/jobs/failed. */
export const FAILED_JOBS_PER_PAGE = 25;

const queue = () =>
  yup
    .string()
    .trim()
    .oneOf([...JOB_QUEUES], MESSAGES.jobUnknownQueue);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /api/jobs/failed: one queue or all, newest failure first. */
export const failedJobsQuerySchema = yup.object({
  queue: queue().optional(),
  page: integer().min(1, 'The page starts at 1').max(1_000_000).default(1),
});
export type FailedJobsQuery = yup.InferType<typeof failedJobsQuerySchema>;

/** POST /api/jobs/retry and /api/jobs/discard: one failed job. */
export const jobActionSchema = yup.object({
  queue: queue().required(MESSAGES.fieldRequired),
  id: yup.string().trim().required(MESSAGES.fieldRequired).matches(UUID, MESSAGES.jobBadId),
});
export type JobActionInput = yup.InferType<typeof jobActionSchema>;
