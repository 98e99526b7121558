import type { Knex } from 'knex';
import { MESSAGES } from '@shared/messages';
import { csvLine } from '@shared/schemas';
import { audit } from '../../core/audit';
import { badRequest, notFound } from '../../core/errors';
import type { AuditBy } from './roles';

/** What the test-only endpoints (test-tools.ts) read and write. */

/** An email that never has an account (the .invalid top-level domain is reserved). */
export const SAMPLE_NOT_FOUND_EMAIL = 'no.such.member@example.invalid';

/**
 * A bulk update CSV to try the dialog with: up to 10 members' emails, one of them again in
 * capitals (a duplicate) and one email without an account, so every part of the report shows.
 */
export async function sampleBulkCsv(knex: Knex): Promise<string> {
  const members = (await knex('users')
    .select('email')
    .whereIn('role', ['basic', 'premium', 'course only'])
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(10)) as Array<{ email: string }>;
  const emails = members.map((m) => m.email);
  if (emails[0]) emails.push(emails[0].toUpperCase());
  emails.push(SAMPLE_NOT_FOUND_EMAIL);
  return csvLine(['email']) + emails.map((e) => csvLine([e])).join('');
}

/**
 * Adds tags to the user of `email` (case-insensitive; 404 when none), audited in the caller's
 * transaction; a tag id that does not exist is a 400. Returns the user's id.
 */
export async function addTagsByEmail(
  trx: Knex.Transaction,
  email: string,
  tags: readonly number[],
  by: AuditBy,
): Promise<number> {
  const tagIds = [...new Set(tags)];
  const user = (await trx('users').select('id').whereRaw('lower(email) = ?', [email.toLowerCase()]).first()) as
    { id: number } | undefined;
  if (!user) throw notFound(MESSAGES.userNotFound);
  const known = (await trx('tags').select('id').whereIn('id', tagIds)) as Array<{ id: number }>;
  if (known.length !== tagIds.length) throw badRequest('Unknown tag', { tags: 'Choose tags that exist' });
  await trx('user_tags')
    .insert(tagIds.map((tagId) => ({ user_id: user.id, tag_id: tagId })))
    .onConflict(['user_id', 'tag_id'])
    .ignore();
  await audit(trx, {
    actorId: by.actorId,
    action: 'user.add-tags',
    targetUserId: user.id,
    details: { tags: tagIds },
    ip: by.ip,
  });
  return user.id;
}
