import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines, text: () => lines.join('\n') };
}

/** What node-postgres throws for a unique violation: the row's values in `detail`. */
function uniqueViolation(): Error {
  return Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
    name: 'error',
    severity: 'ERROR',
    code: '23505',
    detail: 'Key (email)=(someone@example.com) already exists.',
    constraint: 'users_email_key',
    table: 'users',
  });
}

describe('log lines never carry e-mail addresses or database values', () => {
  it('drops the parameters and row values of a drizzle query error and keeps its kind', () => {
    const { stream, lines, text } = capture();
    const logger = createLogger({ level: 'info', pretty: false, destination: stream });
    const error = new DrizzleQueryError('insert into "users" ("email", "password_hash") values ($1, $2)', ['someone@example.com', '$argon2id$secret'], uniqueViolation());
    logger.error({ err: error }, 'unhandled error');
    expect(text()).not.toContain('someone@example.com');
    expect(text()).not.toContain('argon2id');
    const line = JSON.parse(lines[0]!) as { err: Record<string, unknown> };
    expect(line.err.query).toBe('insert into "users" ("email", "password_hash") values ($1, $2)');
    expect(line.err.params).toBeUndefined();
    expect(String(line.err.message)).toContain('Failed query');
    expect(line.err.cause).toEqual({ code: '23505', severity: 'ERROR', constraint: 'users_email_key', table: 'users' });
  });

  it('keeps the code, constraint and table of a PostgreSQL error but not its detail or quoted values', () => {
    const { stream, lines, text } = capture();
    const logger = createLogger({ level: 'info', pretty: false, destination: stream });
    logger.error({ err: Object.assign(new Error('invalid input syntax for type integer: "hunter2"'), { severity: 'ERROR', code: '22P02' }) }, 'bad');
    logger.error({ err: uniqueViolation() }, 'dup');
    expect(text()).not.toContain('hunter2');
    expect(text()).not.toContain('someone@example.com');
    const dup = JSON.parse(lines[1]!) as { err: Record<string, unknown> };
    expect(dup.err).toMatchObject({ code: '23505', constraint: 'users_email_key', table: 'users' });
    expect(dup.err.detail).toBeUndefined();
  });

  it('redacts addresses in messages, in an SMTP error and in the request URL, also in pretty output', () => {
    for (const pretty of [false, true]) {
      const { stream, text } = capture();
      const logger = createLogger({ level: 'info', pretty, destination: stream });
      logger.info('login failed for someone@example.com');
      logger.warn({ to: 'reader@example.org' }, 'queued');
      const smtp = Object.assign(new Error('Can\'t send mail - all recipients were rejected: 550 <reader@example.org>: no such user'), {
        rejected: ['reader@example.org'],
        response: '550 <reader@example.org>: no such user',
      });
      logger.warn({ err: smtp }, 'moderation notice not sent');
      logger.info({ req: { method: 'GET', url: '/verify?email=reader%40example.org', ip: '127.0.0.1' } }, 'incoming request');
      expect(text()).not.toMatch(/example\.(com|org)/);
      expect(text()).toContain('[email]');
      expect(text()).toContain('moderation notice not sent');
    }
  });
});
