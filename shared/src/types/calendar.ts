import type { Role } from '../limits';

/** How a coaching call repeats (docs/areas/calendar.md). */
export const CALL_REPEATS = ['none', 'weekly', 'biweekly', 'monthly'] as const;
export type CallRepeat = (typeof CALL_REPEATS)[number];

/** A coaching call as an admin edits it (POST /api/calendar/call/upsert answers with it). */
export interface CalendarCall {
  id: number;
  title: string;
  description: string;
  startsAt: string;
  durationMinutes: number;
  joinUrl: string;
  repeat: CallRepeat;
  until: string | null;
  /** The roles that see the call; empty: every role. */
  roles: Role[];
  tagIds: number[];
}

export interface CalendarCallResponse {
  call: CalendarCall;
  isNew?: boolean;
}

/**
 * One entry of GET /api/calendar/events: an occurrence of a call (a repeating call gives one per
 * occurrence, all with the call's id) or a card's due date. `url`: a call's join address, or the
 * in-app path that opens the card (the feed makes it absolute).
 */
export interface CalendarEvent {
  id: number;
  kind: 'call' | 'card';
  title: string;
  startsAt: string;
  endsAt?: string;
  url: string;
  /** Calls: the member's answer; absent when they have not answered. */
  going?: boolean;
}

export interface CalendarEventsResponse {
  events: CalendarEvent[];
}

/** GET /api/calendar/feed and POST /api/calendar/feed/rotate. */
export interface CalendarFeedResponse {
  url: string;
}

/** PUT /api/calendar/call/:id/rsvp. */
export interface CalendarRsvpResponse {
  id: number;
  going: boolean;
}
