import type { Knex } from 'knex';
import type { MailMessage } from '../../../adapters/mail';
import { enqueueMail } from '../../../core/queue';

/** Longest stretch of the comment quoted in the email; the board holds the whole of it. */
const QUOTE_CHARS = 1000;

export interface MentionMailInput {
  publicUrl: string;
  author: string;
  ownerId: number;
  ownerName: string;
  cardId: number;
  cardTitle: string;
  comment: string;
  coach: { id: number; name: string; email: string };
}

/** The board link a coach follows: their own board, or the member's board with the card open. */
export function mentionLink(publicUrl: string, coachId: number, ownerId: number, cardId: number): string {
  const board = coachId === ownerId ? '/move-the-needle' : `/move-the-needle/${ownerId}`;
  return `${publicUrl}${board}?card=${cardId}`;
}

/** The email telling a coach that a comment mentions them (plain text: nothing of the comment is markup). */
export function mentionMail(input: MentionMailInput): MailMessage {
  const quote =
    input.comment.length > QUOTE_CHARS ? `${input.comment.slice(0, QUOTE_CHARS).trimEnd()}…` : input.comment;
  const whose = input.coach.id === input.ownerId ? 'your board' : `${input.ownerName}'s board`;
  return {
    to: input.coach.email,
    subject: `${input.author} mentioned you on Move the Needle`,
    text: [
      `Hello ${input.coach.name},`,
      '',
      `${input.author} mentioned you in a comment on the card "${input.cardTitle}" on ${whose}:`,
      '',
      ...quote.split('\n').map((line) => `> ${line}`),
      '',
      `Open the card: ${mentionLink(input.publicUrl, input.coach.id, input.ownerId, input.cardId)}`,
    ].join('\n'),
  };
}

/**
 * In the transaction that saves a comment: a mail job for each coach it newly mentions (never the
 * author), so the mails go once the comment is committed, and only then. A mail that fails is
 * retried by the queue; it never undoes or fails the comment.
 */
export async function enqueueMentionMails(
  trx: Knex.Transaction,
  publicUrl: string,
  input: { author: { id: number; fullName: string }; cardId: number; comment: string; coachIds: readonly number[] },
): Promise<void> {
  const coachIds = input.coachIds.filter((id) => id !== input.author.id);
  if (coachIds.length === 0) return;
  const card = await trx('mtn_cards as c')
    .join('mtn_lists as l', 'l.id', 'c.list_id')
    .join('users as o', 'o.id', 'l.user_id')
    .where('c.id', input.cardId)
    .first<{ title: string; owner_id: number; owner_name: string } | undefined>(
      'c.title',
      'o.id as owner_id',
      'o.full_name as owner_name',
    );
  if (!card) return;
  const coaches = await trx('users')
    .whereIn('id', coachIds)
    .andWhere({ role: 'coach' })
    .orderBy('id')
    .select<Array<{ id: number; full_name: string; email: string }>>('id', 'full_name', 'email');
  for (const coach of coaches) {
    await enqueueMail(
      trx,
      mentionMail({
        publicUrl,
        author: input.author.fullName,
        ownerId: card.owner_id,
        ownerName: card.owner_name,
        cardId: input.cardId,
        cardTitle: card.title,
        comment: input.comment,
        coach: { id: coach.id, name: coach.full_name, email: coach.email },
      }),
    );
  }
}
