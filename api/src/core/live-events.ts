import type { Knex } from 'knex';

/**
 * How any feature announces a live event: in its own transaction, like a job is enqueued
 * (docs/areas/live.md, "How an event travels"). The delivery (the listener, the streams, GET
 * /api/events) is the live feature's; this is the half every writer needs, so that a feature that
 * writes (the board, the notifications) does not depend on the feature that delivers.
 */

/** The PostgreSQL channel every API process listens on; the payload is the event's id. */
export const LIVE_CHANNEL = 'portal_live';

export type LiveTopic = 'board' | 'user' | 'community';

export interface LiveEventInput {
  topic: LiveTopic;
  /** The board owner's id (topic 'board'), the user's id (topic 'user') or the space's id (topic 'community'). */
  key: number;
  type: string;
  payload?: Record<string, unknown>;
}

type Db = Knex | Knex.Transaction;

/**
 * Publishes a live event in the caller's transaction: one statement inserts the row and calls
 * `pg_notify` with its id. PostgreSQL (and PGlite) deliver a notification only when the
 * transaction commits, so a rolled-back change is never announced and listeners never read an
 * event before its row is visible.
 */
export async function publishEvent(db: Db, event: LiveEventInput): Promise<number> {
  const result = await db.raw<{ rows: Array<{ id: number }> }>(publishSql('?::jsonb'), [
    event.topic,
    event.key,
    event.type,
    JSON.stringify(event.payload ?? {}),
  ]);
  return Number(result.rows[0]!.id);
}

/**
 * The statement of `publishEvent` with the payload as an SQL expression (bindings: topic, key,
 * type, then the expression's), for a publisher that builds its payload in the same statement.
 */
export function publishSql(payloadExpr: string, withClause = ''): string {
  return `${withClause ? `${withClause},` : 'with'}
  e as (insert into live_events (topic, key, type, payload) select ?, ?, ?, (${payloadExpr}) returning id)
  select id, pg_notify('${LIVE_CHANNEL}', id::text) from e`;
}

/**
 * Announces a new notification to its recipient's open streams, as a `notification` event whose
 * data is `notification` (the inbox's presented row), once `db` commits. Call it in the
 * transaction that creates the notification.
 */
export function publishNotification(
  db: Db,
  recipientId: number,
  notification: Record<string, unknown>,
): Promise<number> {
  return publishEvent(db, { topic: 'user', key: recipientId, type: 'notification', payload: notification });
}

/** What changed in a community space: the ids only (who may see it is decided when the client reads it). */
export interface CommunityChange {
  kind: 'post' | 'comment' | 'reaction' | 'moderation' | 'deleted';
  spaceId: number;
  postId: number;
  commentId?: number;
}

/**
 * Announces a change in a space to the streams open on it (`GET /api/events?space=`), as a
 * `community` event, once `db` commits. The event carries ids, never text: a hidden post's words
 * reach only those the API lets read it when the screen fetches it again.
 */
export function publishCommunityChange(db: Db, change: CommunityChange): Promise<number> {
  return publishEvent(db, { topic: 'community', key: change.spaceId, type: 'community', payload: { ...change } });
}
