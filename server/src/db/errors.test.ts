import { describe, expect, it } from 'vitest';
import { isUniqueViolation, pgCode, pgConstraint } from './errors';

describe('reading what PostgreSQL said', () => {
  const driverError = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'users_email_uq' });
  it('finds the code and constraint on the driver error or on the error that wraps it', () => {
    expect(pgCode(driverError)).toBe('23505');
    const wrapped = Object.assign(new Error('Failed query'), { cause: driverError });
    expect(pgCode(wrapped)).toBe('23505');
    expect(pgConstraint(wrapped)).toBe('users_email_uq');
    expect(isUniqueViolation(wrapped, 'users_email_uq')).toBe(true);
    expect(isUniqueViolation(wrapped, 'users_invitation_code_uq')).toBe(false);
  });
  it('answers undefined for anything else', () => {
    expect(pgCode(new Error('plain'))).toBeUndefined();
    expect(pgCode(null)).toBeUndefined();
    expect(isUniqueViolation(Object.assign(new Error('check'), { code: '23514' }))).toBe(false);
  });
});
