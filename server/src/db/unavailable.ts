/**
 * Whether an error means "the database cannot be reached right now" (restarting,
 * shutting down, unreachable, out of connections) rather than a fault of this
 * request or of our code. Such requests answer HTTP 503 with Retry-After, and
 * the pool reconnects by itself when the server is back
 * (docs/decisions/0026-many-processes-and-faults.md).
 *
 * Drizzle wraps driver errors (`DrizzleQueryError`, the pg error in `cause`),
 * so the whole cause chain is looked at.
 */

/** SQLSTATE classes and codes of a server going away or not taking connections. */
const UNAVAILABLE_SQLSTATE = new Set([
  '57P01', // admin_shutdown: fast or smart shutdown terminated the session
  '57P02', // crash_shutdown: another backend crashed, the server restarts
  '57P03', // cannot_connect_now: starting up, in recovery, shutting down
  '53300', // too_many_connections
  '53000', // insufficient_resources
]);

/** Socket-level failures reaching the server. */
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres' own messages for a connection that ended or never came (they carry no code). */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended|the database system is (starting up|shutting down|in recovery mode)/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const { code, message, errors, syscall } = current as { code?: unknown; message?: unknown; errors?: unknown; syscall?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_ERRNO.has(code) || UNAVAILABLE_SQLSTATE.has(code) || code.startsWith('08'))) return true;
    // The embedded server's Unix socket is gone while it is down (a missing file anywhere else is our fault).
    if (code === 'ENOENT' && syscall === 'connect') return true;
    // Drizzle's own message quotes the query and its parameters (user text): only the driver's counts.
    if (typeof message === 'string' && !message.startsWith('Failed query') && UNAVAILABLE_MESSAGE.test(message)) return true;
    // An AggregateError (every address refused) holds the socket errors.
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
