import type net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';

/** A real SMTP server on loopback receives the verification mail through nodemailer. */
let ctx: TestContext;
let smtp: SMTPServer;
const received: { to: string[]; raw: string }[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) =>
    smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as net.AddressInfo).port)),
  );
  ctx = await createTestContext({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Butterfic <codes@butterfic.test>' } });
});
afterAll(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('mail over SMTP', () => {
  it('delivers the code to a real SMTP server, and the code verifies the account', async () => {
    const email = 'smtp-user@example.com';
    await ctx.request('POST', '/api/v1/user/create/', {
      body: { age_confirmed: true, email, password: 'correct horse battery', language: 'ja' },
    });
    const sent = await ctx.request('POST', '/api/v1/user/send-verification-code/', { body: { email } });
    expect(sent.status).toBe(200);
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.to).toEqual([email]);
    expect(mail.raw).toMatch(/^To: smtp-user@example\.com\r?$/m);
    expect(mail.raw).toMatch(/^From: Butterfic <codes@butterfic\.test>/m);
    // The Japanese subject is MIME-encoded; the body carries the code.
    expect(mail.raw).toMatch(/^Subject: =\?UTF-8\?/m);
    // Non-ASCII text travels base64-encoded: decode the body as a mail client would.
    const [head = '', ...rest] = mail.raw.split(/\r?\n\r?\n/);
    expect(head).toMatch(/^Content-Transfer-Encoding: base64/im);
    const body = Buffer.from(rest.join('').replace(/\s+/g, ''), 'base64').toString('utf8');
    expect(body).toContain('認証コード');
    const code = /\b(\d{6})\b/.exec(body)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const verified = await ctx.request('POST', '/api/v1/user/verify-code/', { body: { email, code } });
    expect(verified.status).toBe(200);
    const health = await ctx.request('GET', '/api/v1/health/');
    expect(health.body.data.mail).toBe('smtp');
  });

  it('hands nodemailer the bare address only: a display name or a list is refused, no mail goes out (issue 25)', async () => {
    const before = received.length;
    for (const to of ['"n"<one@inbox.com>', 'one@inbox.com, two@inbox.com', 'one@inbox.com;two@inbox.com']) {
      await expect(ctx.app.deps.mailer.send({ to, subject: 'x', text: 'x' })).rejects.toThrow(/not a plain address/);
    }
    const res = await ctx.request('POST', '/api/v1/user/create/', {
      body: { email: '"n"<one@inbox.com>', password: 'correct horse battery', gender: 'female' },
    });
    expect(res.status).toBe(400);
    expect(res.body.data.fields.email).toMatch(/address alone/);
    expect(received.length).toBe(before);
  });
});
