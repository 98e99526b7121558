import rrule from 'rrule';
import type { CallRepeat } from '@shared/types';

const { RRule } = rrule;

/** What expanding a call needs of its row. */
export interface Recurrence {
  starts_at: Date | string;
  duration_minutes: number;
  repeat: string;
  until: Date | string | null;
}

const MINUTE = 60_000;

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/** rrule's options of a repeating call: weekly, every two weeks or monthly from its first start, in UTC. */
export function ruleOptions(call: Recurrence) {
  const repeat = call.repeat as CallRepeat;
  return {
    freq: repeat === 'monthly' ? RRule.MONTHLY : RRule.WEEKLY,
    interval: repeat === 'biweekly' ? 2 : 1,
    dtstart: asDate(call.starts_at),
    until: call.until === null ? null : asDate(call.until),
  };
}

/**
 * The starts of a call's occurrences that overlap [from, to) (ms): its one start, or those of its
 * RRULE (the `rrule` package, RFC 5545 rules: a monthly call on the 31st skips shorter months).
 */
export function occurrenceStarts(call: Recurrence, from: number, to: number): Date[] {
  const length = call.duration_minutes * MINUTE;
  const start = asDate(call.starts_at);
  if (call.repeat === 'none') {
    const t = start.getTime();
    return t < to && t + length > from ? [start] : [];
  }
  const rule = new RRule(ruleOptions(call));
  // Starts in (from - length, to): an occurrence that began before `from` and is still on counts.
  return rule.between(new Date(from - length + 1), new Date(to - 1), true);
}
