import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpCapture {
  url: string;
  messages: CapturedMail[];
  /**
   * Recipients the server turns away for now (450 at RCPT TO, a temporary failure): a mail server
   * that is down for them. Delete an address to let its mail through again.
   */
  refusing: Set<string>;
  /** How long the server takes to accept a message once it has its data (a slow mail server); 0 by default. */
  delayMs: number;
  /** Messages whose data the server has started to receive (accepted or not yet). */
  receiving(): number;
  /** Resolves with the next message for `to` (or any) that arrives, or one already captured. */
  waitFor(to?: string, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

/** A real SMTP listener on 127.0.0.1 that captures every message (for nodemailer over SMTP). */
export async function startSmtp(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const refusing = new Set<string>();
  let receiving = 0;
  const waiters: Array<{ to?: string; resolve: (m: CapturedMail) => void }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refusing.has(address.address.toLowerCase())) {
        const err = new Error('Mailbox unavailable, try again later') as Error & { responseCode: number };
        err.responseCode = 450;
        callback(err);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      receiving += 1;
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => setTimeout(accept, capture.delayMs));
      const accept = () => {
        const mail: CapturedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        messages.push(mail);
        for (let i = waiters.length - 1; i >= 0; i -= 1) {
          const w = waiters[i]!;
          if (!w.to || mail.to.includes(w.to.toLowerCase())) {
            waiters.splice(i, 1);
            w.resolve(mail);
          }
        }
        callback();
      };
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const capture: SmtpCapture = {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refusing,
    delayMs: 0,
    receiving: () => receiving,
    waitFor(to, timeoutMs = 5000) {
      const existing = messages.find((m) => !to || m.to.includes(to.toLowerCase()));
      if (existing) return Promise.resolve(existing);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no mail for ${to ?? 'anyone'} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          to,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return capture;
}

/** The reset link in a captured mail (quoted-printable soft breaks undone). */
export function extractLink(raw: string, pathPrefix: string): string | null {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const m = text.match(new RegExp(`https?://[^\\s"<>]*${pathPrefix}[A-Za-z0-9_-]+`));
  return m ? m[0] : null;
}

/** The text of a captured mail with quoted-printable soft breaks undone. */
export const mailText = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
    .replace(/\r\n/g, '\n');

/** The decoded Subject header of a raw mail (RFC 2047 Q-encoded words). */
export function subjectOf(raw: string): string {
  const unfolded = raw.replace(/\r\n/g, '\n').replace(/\n[ \t]+/g, ' ');
  const line = unfolded.split('\n').find((l) => l.startsWith('Subject: ')) ?? '';
  return line
    .slice('Subject: '.length)
    .replace(/\?= =\?UTF-8\?Q\?/g, '')
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/g, (_, q: string) =>
      q.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
    );
}
