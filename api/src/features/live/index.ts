/** What other parts of the API may use of the live events (issue 13 §1). */
export {
  endUserStreams,
  liveBus,
  publishEvent,
  publishNotification,
  sweepLiveEvents,
  type LiveEventInput,
} from './bus';
export { liveRoutes } from './routes';
