/** What other parts of the API (the demo seed, the qualifier, the review queue, the reorder planner) may use of the board feature. */
export { copyBoard } from './template';
export { createLaunchCard, createMemberCard, launchSteps } from './launch';
export { enteredCurrentListAt, recordCardMoved } from './history';
export { BOARD_TRANSACTION, type BoardTarget, createActivity, findOwned, moveCard } from './review-api';
