/** What other parts of the API may use of the live events (docs/areas/live.md). */
export { liveBus, publishEvent, publishNotification, sweepLiveEvents, type LiveEventInput } from './bus';
export { liveRoutes } from './routes';
