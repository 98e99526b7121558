import type { MailMessage } from '../../adapters/mail';
import type { PortalContext } from '../../core/context';
import type { SessionUser } from '../../core/session-types';

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
 * After a comment is saved: mails each coach it newly mentions (never the author), once the
 * response is on its way. A mail failure is logged; it never undoes or fails the comment.
 */
export function notifyMentions(
  ctx: PortalContext,
  input: { author: SessionUser; cardId: number; comment: string; coachIds: readonly number[] },
): void {
  const coachIds = input.coachIds.filter((id) => id !== input.author.id);
  if (coachIds.length === 0) return;
  const { knex, mailer, config, log } = ctx.deps;
  const requestId = ctx.state.requestId;
  void (async () => {
    const card = await knex('mtn_cards as c')
      .join('mtn_lists as l', 'l.id', 'c.list_id')
      .join('users as o', 'o.id', 'l.user_id')
      .where('c.id', input.cardId)
      .first<{ title: string; owner_id: number; owner_name: string } | undefined>(
        'c.title',
        'o.id as owner_id',
        'o.full_name as owner_name',
      );
    if (!card) return;
    const coaches = await knex('users')
      .whereIn('id', coachIds)
      .andWhere({ role: 'coach' })
      .select<Array<{ id: number; full_name: string; email: string }>>('id', 'full_name', 'email');
    for (const coach of coaches) {
      const message = mentionMail({
        publicUrl: config.publicUrl,
        author: input.author.fullName,
        ownerId: card.owner_id,
        ownerName: card.owner_name,
        cardId: input.cardId,
        cardTitle: card.title,
        comment: input.comment,
        coach: { id: coach.id, name: coach.full_name, email: coach.email },
      });
      await mailer
        .send(message)
        .then(() => log.info('mention mail sent', { requestId, coachId: coach.id, cardId: input.cardId }))
        .catch((err: unknown) =>
          log.error('mention mail failed', { requestId, coachId: coach.id, cardId: input.cardId, error: String(err) }),
        );
    }
  })().catch((err: unknown) =>
    log.error('mention mail failed', { requestId, cardId: input.cardId, error: String(err) }),
  );
}
