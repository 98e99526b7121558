import { BOARD_LIMITS } from '../schemas/board';

/**
 * "Start this product" (docs/areas/seller-tools.md#from-qualifier-to-launch): the card a qualified product gets on its member's Move the
 * Needle board, and the launch steps on it. Admins edit the steps on the Master Template: the
 * checklist items of its card titled LAUNCH_STEPS_CARD_TITLE (that card stays on the template and is
 * not copied onto members' boards). Without such a card, or with no items on it, these defaults apply.
 */

/** The Master Template card whose checklist items are the launch steps (compared without case). */
export const LAUNCH_STEPS_CARD_TITLE = 'Launch steps';

/** The checklist of a launch card. */
export const LAUNCH_CHECKLIST_TITLE = 'Launch steps';

/** The reserved list a launch card goes to (a list role, board/list-roles.ts). */
export { LAUNCH_LIST_NAME } from '../board/list-roles';

/** The launch steps when the Master Template has none. */
export const DEFAULT_LAUNCH_STEPS: readonly string[] = [
  'Check the numbers in the Power Profit Tool (aim for $5 or more profit per unit)',
  'Order samples from two or three suppliers',
  'Choose a supplier and place the first bulk order',
  'Create the listing: title, bullet points, photos and keywords',
  'Plan the launch promotion and the advertising budget',
  'Ship the inventory to Amazon',
  'Launch, then review sales and ACoS with your coach',
];

/** "Launch: <title>", cut to the card title limit. */
export function launchCardTitle(title: string): string {
  return `Launch: ${title.trim()}`.slice(0, BOARD_LIMITS.cardTitle);
}

/** Whether a card title names the Master Template's launch steps card. */
export function isLaunchStepsCard(title: string): boolean {
  return title.trim().toLowerCase() === LAUNCH_STEPS_CARD_TITLE.toLowerCase();
}
