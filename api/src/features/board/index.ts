/** What other parts of the API (the demo seed, the qualifier) may use of the board feature. */
export { copyBoard } from './template';
export { createLaunchCard, launchSteps } from './launch';
export { BOARD_TRANSACTION, type BoardTarget, createActivity, findOwned, moveCard } from './review-api';
