import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises a server that is away, restarting or full, also wrapped by drizzle', () => {
    for (const error of [
      pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      Object.assign(pgError('ENOENT', 'connect ENOENT /data/pg/.s.PGSQL.5432'), { syscall: 'connect' }),
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P03', 'the database system is starting up'),
      pgError('08006', 'connection failure'),
      pgError('53300', 'sorry, too many clients already'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new AggregateError([pgError('ECONNREFUSED'), pgError('ECONNREFUSED')], ''),
      new DrizzleQueryError('select 1', [], pgError('57P01')),
    ])
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
  });

  it('leaves real faults alone, even when the query quotes words of an outage', () => {
    for (const error of [
      new Error('boom'),
      pgError('23505', 'duplicate key value violates unique constraint'),
      pgError('42P01', 'relation "x" does not exist'),
      Object.assign(pgError('ENOENT', "ENOENT: no such file or directory, open 'web/dist/index.html'"), { syscall: 'open' }),
      new DrizzleQueryError('insert into novels values ($1)', ['Connection terminated unexpectedly'], pgError('22P02', 'invalid input')),
      null,
      'Connection terminated',
    ])
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  });
});
