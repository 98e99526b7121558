/**
 * The facts a board tile shows beside its title (docs/areas/board.md, "Tiles"): how long a card of
 * FOR REVIEW has waited, in the tile's short wording and in words for screen readers.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface ReviewWait {
  /** On the chip: "In review 2 d", "In review 3 h", "In review 5 min", "In review now". */
  short: string;
  /** For screen readers: "In review for 2 days". */
  spoken: string;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** How long a card has waited for review since `since` (ISO 8601), at `now`; whole units, rounded down. */
export function reviewWait(since: string, now: number = Date.now()): ReviewWait {
  const waited = Math.max(0, now - Date.parse(since));
  if (waited < MINUTE) return { short: 'In review now', spoken: 'In review since just now' };
  if (waited < HOUR) {
    const m = Math.floor(waited / MINUTE);
    return { short: `In review ${m} min`, spoken: `In review for ${plural(m, 'minute')}` };
  }
  if (waited < DAY) {
    const h = Math.floor(waited / HOUR);
    return { short: `In review ${h} h`, spoken: `In review for ${plural(h, 'hour')}` };
  }
  const d = Math.floor(waited / DAY);
  return { short: `In review ${d} d`, spoken: `In review for ${plural(d, 'day')}` };
}

/** "3 of 5 checklist items done": the ring's words. */
export function checklistWords(done: number, total: number): string {
  return `${done} of ${total} checklist item${total === 1 ? '' : 's'} done`;
}
