/**
 * The getBoard argument of a board route's id (docs/areas/board.md): undefined for one's own board
 * (/move-the-needle), the user id of /move-the-needle/{id}, null when the id is not a positive
 * integer (not a board: the screen shows not found and nothing is read).
 */
export function boardUserId(raw: string | undefined): number | undefined | null {
  if (raw === undefined) return undefined;
  return /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}
