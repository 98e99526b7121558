import type { CalendarCall as CalendarCallJson, CalendarEvent, CallRepeat } from '@shared/types';
import type { Role } from '@shared/limits';
import type { ModelObject } from 'objection';
import { iso } from '../../core/dates';
import type { CalendarCall } from '../../models';

/** A calendar_calls row with the ids of its tags. */
export type CallRow = ModelObject<CalendarCall> & { tag_ids: number[] };

/** A call as an admin edits it: a whitelist of the row (who created it stays on the server). */
export function presentCall(row: CallRow): CalendarCallJson {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    startsAt: iso(row.starts_at),
    durationMinutes: row.duration_minutes,
    joinUrl: row.join_url,
    repeat: row.repeat as CallRepeat,
    until: row.until === null ? null : iso(row.until),
    roles: row.roles as Role[],
    tagIds: [...row.tag_ids].sort((a, b) => a - b),
  };
}

/** One occurrence of a call, with the member's answer when they gave one. */
export function presentCallOccurrence(row: CallRow, start: Date, going: boolean | undefined): CalendarEvent {
  return {
    id: row.id,
    kind: 'call',
    title: row.title,
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + row.duration_minutes * 60_000).toISOString(),
    url: row.join_url,
    ...(going === undefined ? {} : { going }),
  };
}

/** A due card: its title (with the member's name on a coach's calendar) and the path that opens it. */
export function presentDueCard(
  card: { id: number; title: string; due_at: Date | string; owner_id: number; owner_name: string },
  viewerId: number,
): CalendarEvent {
  const own = card.owner_id === viewerId;
  return {
    id: card.id,
    kind: 'card',
    title: own ? card.title : `${card.title} (${card.owner_name})`,
    startsAt: iso(card.due_at),
    url: `${own ? '/move-the-needle' : `/move-the-needle/${card.owner_id}`}?card=${card.id}`,
  };
}
