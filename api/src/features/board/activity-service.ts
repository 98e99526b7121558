import type { Knex } from 'knex';
import { MAX_COACHES_LISTED } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import { badRequest } from '../../core/errors';
import type { Db } from './queries';
import type { PersonRow } from './presenters';

/** Mentioned users must all be coaches (SPEC §6); 400 otherwise. */
export async function checkMentions(db: Db, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db('users').whereIn('id', unique).andWhere({ role: 'coach' }).select<Array<{ id: number }>>('id');
  if (rows.length !== unique.length) {
    throw badRequest(MESSAGES.onlyCoachesMentioned, { mentionedUsers: MESSAGES.onlyCoachesMentioned });
  }
  return unique;
}

/** A new comment by `authorId` on card `cardId` with its mentions. Returns its id. */
export async function createActivity(
  trx: Knex.Transaction,
  cardId: number,
  authorId: number,
  comment: string,
  mentions: readonly number[],
): Promise<number> {
  const [row] = await trx('mtn_activities')
    .insert({ card_id: cardId, user_id: authorId, comment })
    .returning<Array<{ id: number }>>('id');
  if (mentions.length)
    await trx('mtn_activity_mentions').insert(mentions.map((u) => ({ activity_id: row!.id, user_id: u })));
  return row!.id;
}

/** Changes a comment and its mentions; returns the coaches it mentions now and did not before. */
export async function updateActivity(
  trx: Knex.Transaction,
  activityId: number,
  comment: string,
  mentions: readonly number[],
): Promise<number[]> {
  const before = await trx('mtn_activity_mentions').where({ activity_id: activityId }).pluck<number[]>('user_id');
  await trx('mtn_activities').where({ id: activityId }).update({ comment, updated_at: trx.fn.now() });
  await trx('mtn_activity_mentions').where({ activity_id: activityId }).del();
  if (mentions.length)
    await trx('mtn_activity_mentions').insert(mentions.map((u) => ({ activity_id: activityId, user_id: u })));
  return mentions.filter((id) => !before.includes(id));
}

export async function deleteActivity(trx: Knex.Transaction, id: number): Promise<void> {
  await trx('mtn_activities').where({ id }).del();
}

/** The coaches a comment may mention (SPEC §6, §9: up to 50). */
export function listCoaches(db: Db): Promise<PersonRow[]> {
  return db('users')
    .where({ role: 'coach' })
    .orderByRaw('lower(full_name), id')
    .limit(MAX_COACHES_LISTED)
    .select<PersonRow[]>('id', 'full_name', 'photo_url');
}
