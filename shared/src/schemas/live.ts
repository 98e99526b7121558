import * as yup from 'yup';
import { decimal } from './fields';

/** GET /api/events?board=<ownerId>: the board's events (and one's own notifications), or only the latter. */
export const liveEventsQuerySchema = yup.object({
  board: decimal().typeError('Please enter a valid value').integer().positive().max(2_147_483_647).optional(),
});
export type LiveEventsQuery = yup.InferType<typeof liveEventsQuerySchema>;
