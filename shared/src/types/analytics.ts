/** POST /api/analytics/events (issue 14 §1): how many events of the batch were stored. */
export interface AnalyticsEventsResponse {
  recorded: number;
}
