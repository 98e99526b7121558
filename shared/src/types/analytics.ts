/** POST /api/analytics/events (docs/areas/insights.md#events): how many events of the batch were stored. */
export interface AnalyticsEventsResponse {
  recorded: number;
}
