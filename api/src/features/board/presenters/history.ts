import { fillMessage, MESSAGES } from '@shared/messages';
import type { CardEventKind, CardHistoryEntry } from '@shared/types/board';
import { iso } from '../../../core/dates';
import type { CardEventRow } from '../read-model/history';

/** A card's history entries as the dialog shows them (docs/areas/card-history.md). */

const str = (data: Record<string, unknown>, key: string): string => {
  const value = data[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};

/**
 * A due date in a history entry: the API does not know the reader's time zone, so it says the
 * instant in UTC ("3 Dec 2026, 14:00 UTC"); the card dialog shows the due date in local time.
 */
function dueText(value: string): string {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return value;
  const date = at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' });
  return `${date}, ${time} UTC`;
}

/** What an entry says, after the actor's name, in the words of shared/src/messages. */
export function describeCardEvent(kind: CardEventKind, data: Record<string, unknown>): string {
  const v = (key: string) => str(data, key);
  switch (kind) {
    case 'created':
      return fillMessage(MESSAGES.historyCreated, { list: v('list') });
    case 'moved':
      return fillMessage(MESSAGES.historyMoved, { from: v('from'), to: v('to') });
    case 'renamed':
      return fillMessage(MESSAGES.historyRenamed, { from: v('from'), to: v('to') });
    case 'described':
      return MESSAGES.historyDescribed;
    case 'item_completed':
      return fillMessage(MESSAGES.historyItemCompleted, { item: v('item') });
    case 'item_reopened':
      return fillMessage(MESSAGES.historyItemReopened, { item: v('item') });
    case 'attachment_added':
      return fillMessage(MESSAGES.historyAttachmentAdded, { file: v('file') });
    case 'attachment_removed':
      return fillMessage(MESSAGES.historyAttachmentRemoved, { file: v('file') });
    case 'label_added':
      return fillMessage(MESSAGES.historyLabelAdded, { label: v('label') || v('color') });
    case 'label_removed':
      return fillMessage(MESSAGES.historyLabelRemoved, { label: v('label') || v('color') });
    case 'archived':
      return fillMessage(MESSAGES.historyArchived, { list: v('list') });
    case 'restored':
      return fillMessage(MESSAGES.historyRestored, { list: v('list') });
    case 'due_changed':
      return v('to') ? fillMessage(MESSAGES.historyDueSet, { due: dueText(v('to')) }) : MESSAGES.historyDueRemoved;
  }
}

/** The presenter: columns to the JSON of CardHistoryEntry, field by field. */
export function presentCardEvent(row: CardEventRow): CardHistoryEntry {
  const data = typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, unknown>) : row.data;
  return {
    id: row.id,
    kind: row.kind,
    text: describeCardEvent(row.kind, data),
    createdAt: iso(row.created_at),
    actor: row.actor_id === null ? null : { id: row.actor_id, fullName: row.actor_name ?? '' },
  };
}
