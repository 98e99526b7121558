import type { Knex } from 'knex';
import { fillMessage, MESSAGES } from '@shared/messages';
import {
  NOTIFICATION_PREFERENCE_TYPES,
  type NotificationDelivery,
  type NotificationMarkReadInput,
  type NotificationPreferenceType,
  type NotificationType,
} from '@shared/schemas/notifications';
import type { Role } from '@shared/limits';
import { Notification, NotificationPreference } from '../../models';
import { publishNotification } from '../../core/live-events';
import { presentNotification, type InboxRow } from './presenter';

export type { InboxRow } from './presenter';

/**
 * The notification inbox (docs/areas/notifications.md). Notifications are written with the
 * transaction of the change that causes them (a comment; a card moved into or out of FOR REVIEW,
 * which the board's one move statement writes itself, board/commands/move-card.ts), so a change
 * that rolls back leaves none. Never to the actor themself. Each function returns the rows it wrote:
 * the caller publishes them on the live bus and schedules their emails (deliver.ts).
 */

/** Who caused a notification. */
export interface NotificationActor {
  id: number;
  fullName: string;
  role: Role;
}

export interface NotificationDraft {
  userId: number;
  type: NotificationType;
  /** Null for the portal's own notifications (reminders, the review deadline). */
  actorId: number | null;
  /** What it is about: a card (with its board's owner), or a community post. */
  cardId?: number;
  boardOwnerId?: number;
  postId?: number;
  text: string;
  /** The comment it is about, as `quoteOf` shortens it. */
  quote?: string | null;
}

/** How much of a comment a notification quotes. */
export const QUOTE_LENGTH = 280;

/**
 * The quote of `comment` a notification carries: its text on one line (spaces and line breaks
 * collapsed), cut at a word to QUOTE_LENGTH characters with an ellipsis; null when it is empty.
 */
export function quoteOf(comment: string | null | undefined): string | null {
  const flat = (comment ?? '').replace(/\s+/g, ' ').trim();
  if (flat === '') return null;
  if (flat.length <= QUOTE_LENGTH) return flat;
  const cut = flat.slice(0, QUOTE_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > QUOTE_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export type NotificationRow = Pick<
  Notification,
  | 'id'
  | 'user_id'
  | 'type'
  | 'actor_id'
  | 'card_id'
  | 'board_owner_id'
  | 'text'
  | 'quote'
  | 'read_at'
  | 'created_at'
  | 'post_id'
>;
/** What a write returns: the columns of NotificationRow (every column but emailed_at). */
const returned = (): Array<keyof NotificationRow> =>
  Notification.columns.filter((c): c is keyof NotificationRow => c !== 'emailed_at');

/**
 * Writes `drafts` in `trx`: never one to its own actor, and for the drafts of one event (the
 * default) at most one per recipient (the first draft for a user wins). `manyEvents`: the drafts
 * are of separate events (a batch of reminders, several cards of one member), each written.
 * Returns the rows written, for the caller to publish and mail.
 */
export async function notify(
  trx: Knex.Transaction,
  drafts: readonly NotificationDraft[],
  options: { manyEvents?: boolean } = {},
): Promise<NotificationRow[]> {
  const seen = new Set<number>();
  const rows = drafts.filter((d) => {
    if (d.userId === d.actorId || (!options.manyEvents && seen.has(d.userId))) return false;
    seen.add(d.userId);
    return true;
  });
  if (rows.length === 0) return [];
  const created = await Notification.query(trx)
    .insert(
      rows.map((d) => ({
        user_id: d.userId,
        type: d.type,
        actor_id: d.actorId,
        card_id: d.cardId ?? null,
        board_owner_id: d.boardOwnerId ?? null,
        post_id: d.postId ?? null,
        text: d.text,
        quote: d.quote ?? null,
      })),
    )
    .returning(returned());
  // Each recipient's open event streams get the new notification as the inbox presents it, on commit.
  const presented = await inboxRows(trx).whereIn(
    'n.id',
    created.map((r) => r.id),
  );
  const recipientOf = new Map(created.map((r) => [r.id, r.user_id]));
  for (const row of presented) {
    await publishNotification(trx, recipientOf.get(row.id)!, { ...presentNotification(row) });
  }
  return created;
}

interface CardFacts {
  title: string;
  owner_id: number;
}

async function cardFacts(trx: Knex.Transaction, cardId: number): Promise<CardFacts | undefined> {
  return trx('mtn_cards as c')
    .leftJoin('mtn_lists as l', 'l.id', 'c.list_id')
    .where('c.id', cardId)
    .first<CardFacts | undefined>('c.title', trx.raw('coalesce(l.user_id, c.archived_owner_id) as owner_id'));
}

/**
 * A comment saved on card `cardId`: each coach it newly mentions gets a `mention`; on a new
 * comment, the board's owner gets a `comment` (unless they wrote it, or are mentioned in it).
 */
export async function notifyComment(
  trx: Knex.Transaction,
  input: {
    actor: NotificationActor;
    cardId: number;
    isNew: boolean;
    newlyMentioned: readonly number[];
    /** The comment's text: the notifications quote it. */
    comment: string;
  },
): Promise<NotificationRow[]> {
  const mentioned = input.newlyMentioned.filter((id) => id !== input.actor.id);
  if (mentioned.length === 0 && !input.isNew) return [];
  const card = await cardFacts(trx, input.cardId);
  if (!card) return [];
  const values = { actor: input.actor.fullName, card: card.title };
  const base = {
    actorId: input.actor.id,
    cardId: input.cardId,
    boardOwnerId: card.owner_id,
    quote: quoteOf(input.comment),
  };
  const drafts: NotificationDraft[] = mentioned.map((userId) => ({
    ...base,
    userId,
    type: 'mention',
    text: fillMessage(MESSAGES.notificationMention, values),
  }));
  if (input.isNew) {
    drafts.push({
      ...base,
      userId: card.owner_id,
      type: 'comment',
      text: fillMessage(MESSAGES.notificationComment, values),
    });
  }
  return notify(trx, drafts);
}

/** A page of `userId`'s inbox, newest first, with their unread count and total. */
export async function readInbox(
  knex: Knex,
  userId: number,
  page: { page: number; itemsPerPage: number },
): Promise<{ rows: InboxRow[]; unread: number; total: number }> {
  const [rows, counts] = await Promise.all([
    inboxRows(knex)
      .where('n.user_id', userId)
      .orderBy([
        { column: 'n.created_at', order: 'desc' },
        { column: 'n.id', order: 'desc' },
      ])
      .limit(page.itemsPerPage)
      .offset((page.page - 1) * page.itemsPerPage),
    unreadAndTotal(knex, userId),
  ]);
  return { rows, ...counts };
}

/** Notifications with their actor and card (or post), as the inbox lists them. */
function inboxRows(db: Knex) {
  return db('notifications as n')
    .leftJoin('mtn_cards as c', 'c.id', 'n.card_id')
    .leftJoin('community_posts as cp', 'cp.id', 'n.post_id')
    .leftJoin('users as a', 'a.id', 'n.actor_id')
    .select<InboxRow[]>(
      'n.id',
      'n.type',
      'n.text',
      'n.quote',
      'n.read_at',
      'n.created_at',
      'n.actor_id',
      'a.full_name as actor_name',
      'n.card_id',
      'c.title as card_title',
      'n.board_owner_id',
      'n.post_id',
      'cp.title as post_title',
      'cp.space_id as post_space_id',
    );
}

async function unreadAndTotal(db: Knex, userId: number): Promise<{ unread: number; total: number }> {
  const row = await db('notifications')
    .where({ user_id: userId })
    .first<{ unread: number; total: number }>(
      db.raw('count(*) filter (where read_at is null)::int as unread'),
      db.raw('count(*)::int as total'),
    );
  return { unread: Number(row?.unread ?? 0), total: Number(row?.total ?? 0) };
}

/**
 * Marks `userId`'s notifications read: the given ids (an id of another user's is simply not
 * theirs, and not touched) or all. Returns how many changed and the unread count after.
 */
export async function markRead(
  trx: Knex.Transaction,
  userId: number,
  input: NotificationMarkReadInput,
): Promise<{ marked: number; unread: number }> {
  const query = Notification.query(trx).patch({ read_at: trx.fn.now() }).where({ user_id: userId });
  query.whereNull('read_at');
  if (!input.all) query.whereIn('id', input.ids ?? []);
  const marked = await query;
  const { unread } = await unreadAndTotal(trx, userId);
  return { marked, unread };
}

export type Preferences = Record<NotificationPreferenceType, NotificationDelivery>;

/** `userId`'s delivery of each type; a type without a row is in the app only. */
export async function readPreferences(db: Knex, userId: number): Promise<Preferences> {
  const rows = await NotificationPreference.query(db).where({ user_id: userId }).select('type', 'delivery');
  const out = Object.fromEntries(NOTIFICATION_PREFERENCE_TYPES.map((t) => [t, 'app'])) as Preferences;
  for (const r of rows) out[r.type] = r.delivery;
  return out;
}

/** Saves `userId`'s delivery of each type given (a type left out keeps its delivery). */
export async function savePreferences(
  trx: Knex.Transaction,
  userId: number,
  prefs: Partial<Preferences>,
): Promise<void> {
  const types = NOTIFICATION_PREFERENCE_TYPES.filter((type) => prefs[type] !== undefined);
  if (types.length === 0) return;
  await trx('notification_preferences')
    .insert(
      types.map((type) => ({
        user_id: userId,
        type,
        delivery: prefs[type],
        updated_at: trx.fn.now(),
      })),
    )
    .onConflict(['user_id', 'type'])
    .merge(['delivery', 'updated_at']);
}
