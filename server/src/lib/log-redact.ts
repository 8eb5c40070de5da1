import { stdSerializers } from 'pino';

/**
 * What never reaches a log line (issue 11): e-mail addresses (logs name accounts by uid) and the
 * values a database error carries (its bound parameters, the row values in its detail, the
 * literals PostgreSQL quotes in its message). The error's kind stays: code, constraint, table,
 * column, the query text with its $1 placeholders, and the stack.
 */

const EMAIL = /[\p{L}\p{N}._%+'-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;

export function redactEmails(text: string): string {
  return text.replace(EMAIL, '[email]');
}

/** A PostgreSQL error (node-postgres DatabaseError: severity and a five-character SQLSTATE). */
function isDatabaseError(error: Record<string, unknown>): boolean {
  return typeof error.severity === 'string' && typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code);
}

/** drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <values>" with `query`, `params` and the driver's error as `cause`. */
function isQueryError(error: Record<string, unknown>): boolean {
  return 'params' in error && typeof error.query === 'string';
}

/**
 * A database error's message or stack without values: drizzle's `params:` line goes, and on the
 * lines PostgreSQL wrote the quoted literals (`invalid input syntax for type integer: "…"`) and
 * key values (`Key (email)=(…)`) are blanked. drizzle's "Failed query:" line has only $n placeholders.
 */
function withoutValues(text: string): string {
  return text
    .split('\n')
    .filter((line) => !line.startsWith('params: '))
    .map((line) =>
      /^\s+at /.test(line) || line.includes('Failed query: ')
        ? line
        : line.replace(/"(?:[^"\\]|\\.)*"/g, '"…"').replace(/=\((?:[^()]|\([^()]*\))*\)/g, '=(…)'),
    )
    .join('\n');
}

/** The kind of a database error (never its values), from the error or its cause. */
const KIND_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'routine'] as const;

const DROPPED = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery', 'raw']);

function cleanValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactEmails(value);
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => cleanValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = cleanValue(v, depth + 1);
  return out;
}

/** True when `error` or one of its causes came from the database. */
function fromDatabase(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const record = error as Record<string, unknown>;
  return isDatabaseError(record) || isQueryError(record) || fromDatabase(record.cause, depth + 1);
}

/** pino's `err` serializer, then the redactions above; the result is plain JSON. */
export function safeErrSerializer(error: unknown): unknown {
  if (!(error instanceof Error) && !(error && typeof error === 'object' && 'message' in error)) return error;
  const database = fromDatabase(error);
  const serialized = stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(serialized)) {
    if (DROPPED.has(key)) continue;
    if (database && (key === 'message' || key === 'stack') && typeof value === 'string') out[key] = redactEmails(withoutValues(value));
    else out[key] = cleanValue(value, 0);
  }
  // pino folds a cause into the message and stack; the driver's error code and constraint are kept beside them.
  const cause = (error as { cause?: unknown }).cause;
  if (database && cause && typeof cause === 'object') {
    const kind: Record<string, unknown> = {};
    for (const field of KIND_FIELDS) {
      const value = (cause as Record<string, unknown>)[field];
      if (typeof value === 'string') kind[field] = value;
    }
    if (Object.keys(kind).length > 0) out.cause = kind;
  }
  return out;
}

/** Fastify's request serializer with the address bar's e-mails (a link's `?email=`) redacted. */
export function safeReqSerializer(req: {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}): Record<string, unknown> {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? redactEmails(req.url.replace(/%40/gi, '@')) : req.url,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** Redacts e-mails in a log call's message and in the top-level strings of its object. */
export function redactArgs(args: unknown[]): unknown[] {
  return args.map((arg) => {
    if (typeof arg === 'string') return redactEmails(arg);
    if (arg && typeof arg === 'object' && !(arg instanceof Error) && Object.getPrototypeOf(arg) === Object.prototype) {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(arg)) out[key] = typeof value === 'string' ? redactEmails(value) : value;
      return out;
    }
    return arg;
  });
}
