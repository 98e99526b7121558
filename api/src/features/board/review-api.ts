/** What the review queue (features/review, issue 13 §3) uses of the board: its lock, its move and its comments. */
export { BOARD_TRANSACTION } from './locks';
export { findOwned, type BoardTarget } from './access';
export { createActivity } from './activity-service';
export { moveCard } from './positions';
