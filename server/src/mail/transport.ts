import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { EMAIL_PATTERN } from '@butterfic/contract';
import type { Env } from '../env';

export type Mail = { to: string; subject: string; text: string; html?: string; code?: string };
export type Mailer = { kind: 'smtp' | 'outbox'; send: (mail: Mail) => Promise<void>; close: () => void };

/**
 * SMTP_URL → nodemailer over SMTP. Unset → the dev outbox of CONTRACT.md
 * section 2: one JSON line per mail appended to DATA_DIR/outbox.jsonl.
 */
export function createMailer(
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'> & Partial<Pick<Env, 'NODE_ENV'>>,
  log?: FastifyBaseLogger,
): Mailer {
  if (env.SMTP_URL) {
    const transport = nodemailer.createTransport(env.SMTP_URL);
    const envelopeFrom = /<([^<>]+)>\s*$/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM;
    return {
      kind: 'smtp',
      send: async (mail) => {
        // A bare addr-spec only (issue 25), handed over as an address object so nodemailer never parses a
        // display name or a list out of it: one mail goes to one inbox.
        if (!EMAIL_PATTERN.test(mail.to)) throw new Error('mail refused: the recipient is not a plain address');
        await transport.sendMail({
          from: env.MAIL_FROM,
          to: { name: '', address: mail.to },
          envelope: { from: envelopeFrom, to: [mail.to] },
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        // Logs carry no e-mail addresses (issue 11).
        log?.info(`mail sent: ${mail.subject}`);
      },
      close: () => transport.close(),
    };
  }
  // loadEnv already refuses this configuration; a mailer built some other way refuses it too.
  if (env.NODE_ENV === 'production') throw new Error('the dev outbox never runs with NODE_ENV=production: set SMTP_URL');
  const file = path.join(env.DATA_DIR, 'outbox.jsonl');
  return {
    kind: 'outbox',
    send: async (mail) => {
      const line: Record<string, unknown> = { to: mail.to, subject: mail.subject, text: mail.text };
      if (mail.code) line.code = mail.code;
      line.sent_at = Math.floor(Date.now() / 1000);
      await fs.promises.mkdir(env.DATA_DIR, { recursive: true, mode: 0o700 });
      // The outbox holds codes and addresses: readable by its owner only.
      await fs.promises.appendFile(file, JSON.stringify(line) + '\n', { mode: 0o600 });
      log?.info({ outbox: file }, `mail written to the dev outbox: ${mail.subject}`);
    },
    close: () => undefined,
  };
}
