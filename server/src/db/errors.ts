/**
 * What PostgreSQL said about a failed statement: its SQLSTATE code and the constraint it names.
 * Drizzle wraps the driver's error, so the fields sit on the error or on its `cause`.
 */
type PgFields = { code?: unknown; constraint?: unknown; cause?: unknown };

function field(error: unknown, name: 'code' | 'constraint'): string | undefined {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 3; depth++) {
    const value = (current as PgFields)[name];
    if (typeof value === 'string') return value;
    current = (current as PgFields).cause;
  }
  return undefined;
}

/** The SQLSTATE (e.g. '23505' unique violation, '23514' check violation), or undefined. */
export const pgCode = (error: unknown): string | undefined => field(error, 'code');

/** The constraint a violation names (e.g. 'users_email_uq'), or undefined. */
export const pgConstraint = (error: unknown): string | undefined => field(error, 'constraint');

/** A unique violation, of `constraint` when given. */
export const isUniqueViolation = (error: unknown, constraint?: string): boolean =>
  pgCode(error) === '23505' && (constraint === undefined || pgConstraint(error) === constraint);
