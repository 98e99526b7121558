import { listRoleOf } from '@shared/board/list-roles';
import { communityModeOf } from '@shared/schemas/settings';
import type { UnknownAction } from '@reduxjs/toolkit';
import { settingsApi } from '../settings/settingsApi';
import { boardApi, type MoveCardArgs } from './boardApi';

/**
 * "Share as a win" (docs/areas/community.md#wins-from-the-board): the community's composer in Wins
 * with the card's title only, never its description, checklist or comments.
 */
export function shareWinPath(title: string): string {
  return `/community?share=win&title=${encodeURIComponent(title)}`;
}

/** Whether `user` may share a card of `boardOwnerId`'s board in `listName` as a win. */
export function mayShareWin(
  communityMode: string | undefined,
  listName: string | undefined,
  userId: number | undefined,
  boardOwnerId: number | undefined,
): boolean {
  return (
    communityModeOf(communityMode) === 'portal' &&
    listName !== undefined &&
    listRoleOf(listName) === 'completed' &&
    userId !== undefined &&
    userId === boardOwnerId
  );
}

/**
 * The link a "Card moved" toast offers when the move put a card of the member's own board into
 * COMPLETED: read from the board as the move left it (the optimistic patch is already applied).
 */
export function shareWinAfterMove(action: UnknownAction, state: unknown): { label: string; to: string } | undefined {
  const args = (action as { meta?: { arg?: { originalArgs?: MoveCardArgs } } }).meta?.arg?.originalArgs;
  if (!args) return undefined;
  // The store's state, typed here by what this reads (importing the store's type would close a
  // cycle: the store's listeners read these toast rules).
  type BoardState = Parameters<ReturnType<typeof boardApi.endpoints.getBoard.select>>[0];
  type SettingsState = Parameters<ReturnType<typeof settingsApi.endpoints.getPortalSettings.select>>[0];
  const root = state as BoardState & SettingsState & { auth: { user: { id: number } | null } };
  const board = boardApi.endpoints.getBoard.select(args.board)(root).data;
  const list = board?.lists.find((l) => l.id === args.destListId);
  const card = list?.Cards.find((c) => c.id === args.cardId);
  const settings = settingsApi.endpoints.getPortalSettings.select()(root).data;
  if (!card || !mayShareWin(settings?.communityMode, list?.name, root.auth.user?.id, board?.board.userId)) {
    return undefined;
  }
  return { label: 'Share as a win', to: shareWinPath(card.title) };
}
