import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Logger } from '../core/logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The Message-ID header (`<id@domain>`); nodemailer makes one up when it is absent. */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Mail through nodemailer: over SMTP when SMTP_URL is set; otherwise each message is written as an
 * .eml file to the outbox folder of the data directory and its path logged.
 */
export function createMailer(opts: { smtpUrl: string | null; from: string; outboxDir: string; log: Logger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: opts.from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: opts.from, ...message });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      const file = path.join(opts.outboxDir, name);
      await fs.writeFile(file, info.message as Buffer);
      opts.log.info('mail written to outbox (no SMTP_URL configured)', { file, to: message.to });
    },
    close: () => transport.close(),
  };
}
