import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { MailMessage, Mailer } from '../../adapters/mail';
import type { Logger } from '../logger';
import { MailDelivery } from '../../models/mail';
import { enqueue } from './outbox';
import type { JobHandler, RunningJob } from './runner';

/**
 * The mail queue (docs/areas/jobs.md, "Mail, once"). Every mail is a job of the `mail` queue,
 * written in the transaction of the change that causes it. Its data is either the message itself
 * (`kind: 'message'`), rendered when the change was made, or a kind whose renderer builds the
 * message when the job runs (a password reset makes its token then, so no usable token is ever
 * stored). The handler sends through the mailer and records the delivery.
 */

type Db = Knex | Knex.Transaction;

export interface MailJobData {
  kind: string;
  [key: string]: unknown;
}

/** Builds the message of a mail job of one kind when it runs; null sends nothing (e.g. no such account). */
export interface MailRenderer {
  render(data: MailJobData, job: RunningJob): Promise<MailMessage | null>;
  /** After the SMTP server accepted the message (e.g. mark a notification as emailed). */
  sent?(data: MailJobData, job: RunningJob): Promise<void>;
}

/** Enqueues `message` as a mail job in `db` (the caller's transaction): sent once the transaction commits. */
export function enqueueMail(db: Db, message: MailMessage): Promise<string | null> {
  return enqueue(db, 'mail', { kind: 'message', message });
}

/** Enqueues a mail job whose message the renderer of `kind` builds when it runs. */
export function enqueueMailOf(db: Db, kind: string, data: Record<string, unknown>): Promise<string | null> {
  return enqueue(db, 'mail', { ...data, kind });
}

/** The domain of the sender's address (`Portal <no-reply@portal.local>` -> `portal.local`). */
export function mailDomain(from: string): string {
  const match = /@([^\s>@]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'portal.local';
}

/**
 * The Message-ID of a job's message: the job's id and a digest of what is sent, so a retry of the
 * same message carries the same id (a receiver may drop the second copy), and a message that
 * differs (a reset mail whose retry had to make a new token) carries another.
 */
export function messageIdFor(jobId: string, message: MailMessage, domain: string): string {
  const digest = crypto
    .createHash('sha256')
    .update(JSON.stringify([message.to, message.subject, message.text, message.html ?? null]))
    .digest('hex')
    .slice(0, 16);
  return `<${jobId}.${digest}@${domain}>`;
}

/**
 * The handler of the mail queue. Idempotent: a job whose delivery is recorded sends nothing, so a
 * retry after the SMTP server accepted the message (the process died before completing the job)
 * does not send it again. The one window left is a crash between the SMTP server's answer and the
 * delivery row; the retry then sends the same message with the same Message-ID.
 */
export function mailHandler(
  deps: { knex: Knex; mailer: Mailer; log: Logger; from: string },
  renderers: Readonly<Record<string, MailRenderer>>,
): JobHandler {
  const domain = mailDomain(deps.from);
  return async (job) => {
    const done = await MailDelivery.query(deps.knex).findById(job.id);
    if (done) return { messageId: done.message_id, alreadySent: true };
    const data = job.data as MailJobData;
    let renderer: MailRenderer | undefined;
    let message: MailMessage | null;
    if (data.kind === 'message') {
      message = data.message as MailMessage;
    } else {
      renderer = renderers[data.kind];
      if (!renderer) throw new Error(`no renderer for mail of kind ${data.kind}`);
      message = await renderer.render(data, job);
    }
    if (!message) return { sent: false };
    const messageId = messageIdFor(job.id, message, domain);
    await deps.mailer.send({ ...message, messageId });
    await MailDelivery.query(deps.knex).insert({ job_id: job.id, message_id: messageId }).onConflict('job_id').ignore();
    if (renderer?.sent) await renderer.sent(data, job);
    return { messageId };
  };
}

/** Forgets delivery records older than 30 days (the prune timer): their jobs are long gone. */
export async function pruneMailDeliveries(knex: Knex): Promise<number> {
  return MailDelivery.query(knex).delete().where('sent_at', '<', knex.raw("now() - interval '30 days'"));
}
