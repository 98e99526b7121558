/** Analytics events (docs/areas/insights.md#events): the public entry of the feature for the app, the server and other features. */
export { analyticsRoutes } from './routes';
export { recordEvents, recordEventRows, recordServerEvents, type NewEvent } from './service';
export { analyticsForwardHandler, registerAnalyticsForwarder } from './forward';
export { analyticsRetentionDays, sweepAnalytics, type AnalyticsSweepResult } from './sweeper';
