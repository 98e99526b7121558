/**
 * What other parts of the API may use of the live events (docs/areas/live.md). Publishing an event
 * in a write's transaction is core's (`core/live-events.ts`), re-exported here for the tests; the
 * delivery (the bus, the streams, GET /api/events) is this feature's.
 */
export { publishEvent, publishNotification, type LiveEventInput } from '../../core/live-events';
export { liveBus, sweepLiveEvents } from './bus/bus';
export { liveRoutes } from './routes/events';
