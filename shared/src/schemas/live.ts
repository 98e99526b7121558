import * as yup from 'yup';
import { decimal } from './fields';

/**
 * GET /api/events?board=<ownerId>&space=<spaceId>: the board's events, a community space's changes
 * (docs/areas/community.md#live), and always one's own notifications.
 */
export const liveEventsQuerySchema = yup.object({
  board: decimal().typeError('Please enter a valid value').integer().positive().max(2_147_483_647).optional(),
  space: decimal().typeError('Please enter a valid value').integer().positive().max(2_147_483_647).optional(),
});
export type LiveEventsQuery = yup.InferType<typeof liveEventsQuerySchema>;
