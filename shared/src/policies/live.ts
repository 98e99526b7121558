import { canWorkOnBoard, type BoardOwner } from './board';
import type { Principal } from './principal';

export type LiveAction = 'live:read';

export function isLiveAction(action: string): action is LiveAction {
  return action === 'live:read';
}

/**
 * The live event stream (docs/areas/live.md): every signed-in user hears their own notifications; the
 * events of a board (the subject: its owner) only who may read and work on that board.
 */
export function canReadLive(user: Principal, subject?: BoardOwner): boolean {
  return subject === undefined || canWorkOnBoard(user, subject);
}
