import type { AtRiskResponse, InsightsSummary } from '@shared/types';
import { api } from '../../app/api';

export interface SummaryArgs {
  from: string;
  to: string;
}

/** Members at risk per page on the screen (the first page is also read ahead: app/screenStarts.ts). */
export const AT_RISK_PER_PAGE = 25;

export interface AtRiskArgs {
  page: number;
  itemsPerPage: number;
}

/** The Insights page's reads (docs/areas/insights.md#insights-page): the summary of a date range, and a page of the members at risk. */
export const insightsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInsightsSummary: build.query<InsightsSummary, SummaryArgs>({
      query: ({ from, to }) => ({ url: '/api/insights/summary', params: { from, to } }),
    }),
    getAtRisk: build.query<AtRiskResponse, AtRiskArgs>({
      query: ({ page, itemsPerPage }) => ({ url: '/api/insights/at-risk', params: { page, itemsPerPage } }),
    }),
  }),
});

export const { useGetInsightsSummaryQuery, useGetAtRiskQuery } = insightsApi;
