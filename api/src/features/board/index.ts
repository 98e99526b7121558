/**
 * The board feature's public surface: what other features (the review queue, the qualifier, the
 * live stream), the seeds and app.ts may use. Everything else in features/board is internal
 * (docs/areas/board.md, "Layout").
 */
export { boardRoutes } from './routes';
export {
  BOARD_TRANSACTION,
  boardWriteOf,
  runBoardWrite,
  type BoardActor,
  type BoardWrite,
} from './commands/board-write';
export type { BoardChange, BoardTouch } from './commands/touch';
export { moveCard, type CardMove, type MovedCard } from './commands/move-card';
export { comment } from './commands/comment';
export { createLaunchCard, createMemberCard, launchSteps } from './commands/launch-card';
export { copyBoard } from './commands/template';
export { findOwned, lookupBoard, type BoardTarget } from './access/policies';
export { enteredCurrentListAt } from './read-model/history';
export {
  cardReminderHandler,
  runCardReminder,
  runCardReminders,
  syncCardReminders,
  type CardReminderJob,
} from './reminders';
export { addPlannedCards, type PlannedCard } from './commands/planned-card';
