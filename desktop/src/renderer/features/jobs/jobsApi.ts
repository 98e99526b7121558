import type { FailedJobsResponse, JobActionResponse, JobQueueName, JobSummaryResponse } from '@shared/types';
import { api } from '../../app/api';

export interface JobRef {
  queue: JobQueueName;
  id: string;
}

/** The job queue for admins (docs/areas/jobs.md): counts per queue, the failed jobs, Retry and Discard. */
export const jobsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getJobSummary: build.query<JobSummaryResponse, void>({
      query: () => '/api/jobs/summary',
      providesTags: ['Jobs'],
    }),
    getFailedJobs: build.query<FailedJobsResponse, { queue?: JobQueueName; page: number }>({
      query: ({ queue, page }) => ({ url: '/api/jobs/failed', params: queue ? { queue, page } : { page } }),
      providesTags: ['Jobs'],
    }),
    retryJob: build.mutation<JobActionResponse, JobRef>({
      query: (body) => ({ url: '/api/jobs/retry', method: 'POST', body }),
      invalidatesTags: ['Jobs'],
    }),
    discardJob: build.mutation<JobActionResponse, JobRef>({
      query: (body) => ({ url: '/api/jobs/discard', method: 'POST', body }),
      invalidatesTags: ['Jobs'],
    }),
  }),
});

export const { useGetJobSummaryQuery, useGetFailedJobsQuery, useRetryJobMutation, useDiscardJobMutation } = jobsApi;
