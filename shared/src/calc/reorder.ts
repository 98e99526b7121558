/**
 * The reorder planner (docs/areas/seller-tools.md, "Reorder planner"): when to reorder, and how
 * many, from stock on hand, daily sales, the supplier's lead time and the days an order should cover.
 */
import { MESSAGES } from '../messages';

export interface ReorderInputs {
  onHand: number;
  dailySales: number;
  leadTimeDays: number;
  coverDays: number;
  safetyDays: number;
}

/**
 * The planner's inputs as a product keeps them: with the time zone the plan was dated in and the
 * member's date it was made on, so the plan read back (the export, the printable summary) gives
 * the same dates as on the day it was made, when the stock on hand was counted.
 */
export interface StoredReorderInputs extends ReorderInputs {
  timeZone: string;
  /** YYYY-MM-DD in `timeZone`: the day the stock on hand was counted. */
  plannedOn: string;
}

export interface ReorderPlan {
  /** Units: daily sales × (lead time + safety days), rounded up to a whole unit. */
  reorderPoint: number;
  /** Whole days from today until stock reaches the reorder point (0: reorder today); null without sales. */
  daysUntilReorder: number | null;
  /** YYYY-MM-DD in the member's time zone; null without sales. */
  reorderOn: string | null;
  /** Units to order: daily sales × cover days, rounded up. */
  quantity: number;
  /** YYYY-MM-DD the stock on hand runs out at this pace; null without sales. */
  stockoutOn: string | null;
  /** Why there are no dates (no sales), or that the stock is already at or below the reorder point. */
  message: string | null;
}

/** Whole units up: 299.9999999 (float noise) is 300, 300.5 is 301. */
const unitsUp = (x: number) => Math.max(0, Math.ceil(x - 1e-9));

/** The calendar date (YYYY-MM-DD) of `now` in an IANA time zone. */
export function localDate(now: Date, timeZone: string): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** A YYYY-MM-DD date plus whole days (calendar arithmetic, no time zone involved). */
export function datePlusDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** How far the wall clock of `timeZone` is ahead of UTC at the instant `ms` (milliseconds). */
function zoneOffsetMs(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const v = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(v('year'), v('month') - 1, v('day'), v('hour'), v('minute'), v('second'));
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant a YYYY-MM-DD date starts (00:00) in an IANA time zone, as a UTC Date: the reorder
 * card's due date. Where a clock change skips midnight, the first instant of that day.
 */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(y, m - 1, d);
  let at = midnightUtc - zoneOffsetMs(midnightUtc, timeZone);
  // The offset at the answer may differ from the guess's (a clock change in between): once more.
  at = midnightUtc - zoneOffsetMs(at, timeZone);
  if (localDate(new Date(at), timeZone) !== date) at += 60 * 60 * 1000;
  return new Date(at);
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** `today` is the member's date (YYYY-MM-DD, see `localDate`). */
export function planReorder(input: ReorderInputs, today: string): ReorderPlan {
  const { onHand, dailySales, leadTimeDays, coverDays, safetyDays } = input;
  if (!(dailySales > 0)) {
    return {
      reorderPoint: 0,
      daysUntilReorder: null,
      reorderOn: null,
      quantity: 0,
      stockoutOn: null,
      message: MESSAGES.reorderNoSales,
    };
  }
  const reorderPoint = unitsUp(dailySales * (leadTimeDays + safetyDays));
  const days = Math.max(0, Math.floor((onHand - reorderPoint) / dailySales + 1e-9));
  return {
    reorderPoint,
    daysUntilReorder: days,
    reorderOn: datePlusDays(today, days),
    quantity: unitsUp(dailySales * coverDays),
    stockoutOn: datePlusDays(today, Math.max(0, Math.floor(onHand / dailySales + 1e-9))),
    message: onHand <= reorderPoint ? MESSAGES.reorderNow : null,
  };
}

/** The plan of stored inputs, dated from the day they were planned on. */
export function storedReorderPlan(stored: StoredReorderInputs): ReorderPlan {
  return planReorder(stored, stored.plannedOn);
}
