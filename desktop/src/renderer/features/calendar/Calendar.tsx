import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES } from '@shared/messages';
import { can } from '@shared/policies';
import type { CalendarEvent } from '@shared/types';
import { LoadError } from '../../components/Banner';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { ChevronIcon, PlusIcon } from '../../components/icons';
import { Loading } from '../../components/Spinner';
import { selectCurrentUser, useAppSelector } from '../../app/hooks';
import { toApiError } from '../../lib/apiErrors';
import { cn } from '../../lib/cn';
import { useNarrow } from '../../lib/useNarrow';
import { useGetCalendarEventsQuery } from './calendarApi';
import { CallFormDialog } from './CallFormDialog';
import {
  dayKey,
  longDay,
  sameDay,
  shiftAnchor,
  startOfDay,
  timeOf,
  viewDays,
  viewRange,
  viewTitle,
  type CalendarView,
} from './dates';
import { EventDialog } from './EventDialog';
import { FeedDialog } from './FeedDialog';
import { RsvpButtons } from './RsvpButtons';

/** Below this width (a phone) the calendar is an agenda list. */
const PHONE_WIDTH = 640;
/** Events a month cell lists before "+n more". */
const CELL_MAX = 3;
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

const eventKey = (e: CalendarEvent) => `${e.kind}-${e.id}-${e.startsAt}`;

/**
 * /calendar (docs/areas/calendar.md): the coaching calls the member may see and the due dates of
 * the cards they may see, by month or week on wide screens and as an agenda on phones. Calls carry
 * Going / Not going; Subscribe shows the private feed address; admins schedule and edit calls.
 */
export function Calendar() {
  const user = useAppSelector(selectCurrentUser);
  const admin = can(user, 'calendar:manage');
  const rootRef = useRef<HTMLDivElement>(null);
  const phone = useNarrow(rootRef, PHONE_WIDTH);
  const [chosen, setChosen] = useState<Exclude<CalendarView, 'agenda'>>('month');
  const view: CalendarView = phone ? 'agenda' : chosen;
  const [anchor, setAnchor] = useState(() => startOfDay(new Date()));
  const days = useMemo(() => viewDays(view, anchor), [view, anchor]);
  const range = useMemo(() => viewRange(days), [days]);
  const { data, error, isLoading, isFetching, refetch } = useGetCalendarEventsQuery(range);
  const [open, setOpen] = useState<CalendarEvent | null>(null);
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const [subscribing, setSubscribing] = useState(false);

  const byDay = useMemo(() => {
    const map = new Map<string, CalendarEvent[]>();
    for (const e of data?.events ?? []) {
      const key = dayKey(new Date(e.startsAt));
      map.set(key, [...(map.get(key) ?? []), e]);
    }
    return map;
  }, [data]);

  // The open event as last read (an answer given in its dialog shows once the events are read again).
  const current = open ? (data?.events.find((e) => eventKey(e) === eventKey(open)) ?? open) : null;
  const title = viewTitle(view, anchor, days);
  const unit = view === 'week' ? 'week' : 'month';

  return (
    <div ref={rootRef}>
      <PageHeader
        title={MESSAGES.calendarTitle}
        description={MESSAGES.calendarIntro}
        actions={
          <>
            <Button variant="secondary" onClick={() => setSubscribing(true)}>
              Subscribe
            </Button>
            {admin && (
              <Button onClick={() => setEditing({})}>
                <PlusIcon /> Schedule a call
              </Button>
            )}
          </>
        }
      />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Previous ${unit}`}
            onClick={() => setAnchor(shiftAnchor(view, anchor, -1))}
          >
            <ChevronIcon className="size-4 rotate-180" />
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setAnchor(startOfDay(new Date()))}>
            Today
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Next ${unit}`}
            onClick={() => setAnchor(shiftAnchor(view, anchor, 1))}
          >
            <ChevronIcon />
          </Button>
          <h2 className="ml-2 text-lg font-semibold text-gray-900" aria-live="polite">
            {title}
          </h2>
        </div>
        {!phone && (
          <div role="group" aria-label="View" className="inline-flex rounded-lg border border-gray-300 p-0.5">
            {(['month', 'week'] as const).map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={chosen === v}
                onClick={() => setChosen(v)}
                className={cn(
                  'rounded-md px-3 py-1 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-300',
                  chosen === v ? 'bg-brand-600 text-white' : 'text-gray-700 hover:bg-gray-100',
                )}
              >
                {v === 'month' ? 'Month' : 'Week'}
              </button>
            ))}
          </div>
        )}
      </div>

      {isLoading ? (
        <Loading label="Loading the calendar…" />
      ) : !data ? (
        <LoadError onRetry={() => void refetch()}>{toApiError(error).message || MESSAGES.calendarError}</LoadError>
      ) : view === 'agenda' ? (
        <Agenda days={days} byDay={byDay} busy={isFetching} onOpen={setOpen} />
      ) : (
        <>
          <Grid view={view} days={days} anchor={anchor} byDay={byDay} busy={isFetching} onOpen={setOpen} />
          {data.events.length === 0 && <p className="mt-3 text-sm text-gray-500">{MESSAGES.calendarEmpty}</p>}
        </>
      )}

      {current && (
        <EventDialog
          event={current}
          admin={admin}
          onClose={() => setOpen(null)}
          onEdit={() => {
            setEditing({ id: current.id });
            setOpen(null);
          }}
        />
      )}
      {editing && <CallFormDialog callId={editing.id} onClose={() => setEditing(null)} />}
      {subscribing && <FeedDialog onClose={() => setSubscribing(false)} />}
    </div>
  );
}

function EventChip({
  event,
  onOpen,
  compact,
}: {
  event: CalendarEvent;
  onOpen: (e: CalendarEvent) => void;
  compact?: boolean;
}) {
  const call = event.kind === 'call';
  return (
    <button
      type="button"
      onClick={() => onOpen(event)}
      className={cn(
        'block w-full truncate rounded px-1.5 py-0.5 text-left text-xs focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-300',
        call
          ? event.going === false
            ? 'bg-gray-100 text-gray-600 line-through'
            : 'bg-brand-50 text-brand-800 hover:bg-brand-100'
          : 'bg-amber-50 text-amber-900 hover:bg-amber-100',
      )}
      // The name starts with the words shown (label-content-name-mismatch), then what the chip is.
      aria-label={`${compact ? '' : `${timeOf(event.startsAt)} `}${event.title} (${call ? 'call' : 'card due'}${compact ? `, ${timeOf(event.startsAt)}` : ''}${event.going === true ? ', going' : event.going === false ? ', not going' : ''})`}
    >
      {/* The space outside the span: axe reads a span's words trimmed, so "6:00 PM" and the title stay apart. */}
      {!compact && (
        <>
          <span className="font-medium tabular-nums">{timeOf(event.startsAt)}</span>{' '}
        </>
      )}
      {event.title}
    </button>
  );
}

function Grid({
  view,
  days,
  anchor,
  byDay,
  busy,
  onOpen,
}: {
  view: 'month' | 'week';
  days: Date[];
  anchor: Date;
  byDay: Map<string, CalendarEvent[]>;
  busy: boolean;
  onOpen: (e: CalendarEvent) => void;
}) {
  const today = new Date();
  return (
    <div className="overflow-hidden rounded-xl border border-gray-200 bg-white" aria-busy={busy}>
      <div className="grid grid-cols-7 border-b border-gray-200 bg-gray-50 text-center text-xs font-medium text-gray-600">
        {WEEKDAYS.map((d) => (
          <div key={d} className="py-2">
            {d}
          </div>
        ))}
      </div>
      <ul className="grid grid-cols-7" aria-label={view === 'month' ? 'Days of the month' : 'Days of the week'}>
        {days.map((day) => {
          const events = byDay.get(dayKey(day)) ?? [];
          const outside = view === 'month' && day.getMonth() !== anchor.getMonth();
          const shown = view === 'month' ? events.slice(0, CELL_MAX) : events;
          return (
            <li
              key={dayKey(day)}
              aria-label={`${longDay(day)}: ${events.length === 0 ? 'nothing' : `${events.length} ${events.length === 1 ? 'event' : 'events'}`}`}
              className={cn(
                'border-b border-r border-gray-100 p-1.5',
                view === 'month' ? 'min-h-24' : 'min-h-64',
                outside && 'bg-gray-50',
              )}
            >
              <div
                className={cn(
                  'mb-1 flex size-6 items-center justify-center rounded-full text-xs',
                  sameDay(day, today)
                    ? 'bg-brand-600 font-semibold text-white'
                    : outside
                      ? 'text-gray-600'
                      : 'text-gray-900',
                )}
                aria-hidden="true"
              >
                {day.getDate()}
              </div>
              <div className="space-y-0.5">
                {shown.map((e) => (
                  <EventChip key={eventKey(e)} event={e} onOpen={onOpen} />
                ))}
                {events.length > shown.length && (
                  <p className="px-1.5 text-xs text-gray-500">+{events.length - shown.length} more</p>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Agenda({
  days,
  byDay,
  busy,
  onOpen,
}: {
  days: Date[];
  byDay: Map<string, CalendarEvent[]>;
  busy: boolean;
  onOpen: (e: CalendarEvent) => void;
}) {
  const withEvents = days.filter((d) => (byDay.get(dayKey(d)) ?? []).length > 0);
  if (withEvents.length === 0) return <EmptyState title={MESSAGES.calendarEmpty} />;
  return (
    <ol className="space-y-4" aria-busy={busy} aria-label="Agenda">
      {withEvents.map((day) => (
        <li key={dayKey(day)}>
          <h3 className="mb-2 text-sm font-semibold text-gray-700">{longDay(day)}</h3>
          <ul className="space-y-2">
            {(byDay.get(dayKey(day)) ?? []).map((e) => (
              <li key={eventKey(e)} className="rounded-lg border border-gray-200 bg-white p-3">
                <AgendaItem event={e} onOpen={onOpen} />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

function AgendaItem({ event, onOpen }: { event: CalendarEvent; onOpen: (e: CalendarEvent) => void }) {
  const call = event.kind === 'call';
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs text-gray-500">
            {timeOf(event.startsAt)}
            {event.endsAt ? ` – ${timeOf(event.endsAt)}` : ''} · {call ? 'Call' : 'Card due'}
          </p>
          <button
            type="button"
            onClick={() => onOpen(event)}
            className="text-left font-medium [overflow-wrap:anywhere] text-gray-900 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-300"
          >
            {event.title}
          </button>
        </div>
        {!call && (
          <Link to={event.url} className="shrink-0 text-sm font-medium text-brand-700 hover:underline">
            Open card
          </Link>
        )}
      </div>
      {call && <RsvpButtons event={event} />}
    </div>
  );
}
