import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMailer } from './transport';

describe('the dev outbox', () => {
  it('refuses to run with NODE_ENV=production', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butterfic-outbox-'));
    expect(() => createMailer({ NODE_ENV: 'production', SMTP_URL: undefined, MAIL_FROM: 'x <x@y.z>', DATA_DIR: dir })).toThrow(/SMTP_URL/);
    expect(createMailer({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'x <x@y.z>', DATA_DIR: dir }).kind).toBe('smtp');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes mails readable by their owner only, creating DATA_DIR 0700', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'butterfic-outbox-'));
    const dir = path.join(parent, 'data');
    const mailer = createMailer({ NODE_ENV: 'development', SMTP_URL: undefined, MAIL_FROM: 'x <x@y.z>', DATA_DIR: dir });
    await mailer.send({ to: 'reader@example.com', subject: 'Hello', text: 'Hi' });
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dir, 'outbox.jsonl')).mode & 0o777).toBe(0o600);
    fs.rmSync(parent, { recursive: true, force: true });
  });
});
