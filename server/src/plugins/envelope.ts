import type { Envelope, Language } from '@butterfic/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { pgCode } from '../db/errors';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError } from '../lib/errors';
import { message, type MessageKey } from '../lib/messages';
import { SECURITY_HEADERS } from './security';

/** Wraps a handler's result in the success envelope of CONTRACT.md section 3. */
export function ok<T>(data: T): Envelope<T> {
  return { base_resp: { status_code: 0, status_msg: 'success' }, data };
}

function send(reply: FastifyReply, http: number, code: number, msg: string, data?: unknown) {
  const body: Record<string, unknown> = { base_resp: { status_code: code, status_msg: msg } };
  if (data !== undefined) body.data = data;
  // The body is already the envelope: skip the route's success serializer.
  return reply.code(http).type('application/json; charset=utf-8').serializer(JSON.stringify).send(body);
}

type ValidationIssue = { instancePath: string; message?: string; keyword?: string; params?: Record<string, unknown> };
type ValidationError = { validation: ValidationIssue[]; validationContext?: string };

const fieldOf = (error: ValidationError, issue: ValidationIssue) =>
  issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body');

function fieldErrors(error: ValidationError) {
  const fields: Record<string, string> = {};
  for (const issue of error.validation) fields[fieldOf(error, issue)] ??= issue.message ?? 'invalid';
  return fields;
}

const EMAIL_FIELDS = new Set(['email', 'contact_email']);
const PASSWORD_FIELDS = new Set(['password', 'new_password']);

/**
 * The 400001 sentence names what is wrong, in the caller's language: a malformed e-mail address, a
 * password too short or too long (SPEC.md's client shows status_msg as it is), else the first field.
 */
function validationMessage(error: ValidationError, lang: Language): string {
  const [issue] = error.validation;
  if (!issue) return message('invalidInput', lang);
  const field = fieldOf(error, issue);
  if (EMAIL_FIELDS.has(field)) return message('invalidEmail', lang);
  if (field === 'delivery_consent') return message('deliveryConsentRequired', lang);
  if (PASSWORD_FIELDS.has(field) && issue.keyword === 'too_small' && typeof issue.params?.minimum === 'number')
    return message('passwordTooShort', lang, { min: issue.params.minimum });
  if (PASSWORD_FIELDS.has(field) && issue.keyword === 'too_big' && typeof issue.params?.maximum === 'number')
    return message('passwordTooLong', lang, { max: issue.params.maximum });
  return message('invalidField', lang, { field });
}

const CLIENT_ERRORS: Record<string, { http: number; key: MessageKey }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { http: 400, key: 'badJson' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { http: 400, key: 'badJson' },
  FST_ERR_CTP_BODY_TOO_LARGE: { http: 400, key: 'bodyTooLarge' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { http: 400, key: 'unsupportedMedia' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { http: 400, key: 'invalidInput' },
};

/** What a 503 (database unavailable) asks clients to wait before trying again. */
export const UNAVAILABLE_RETRY_SECONDS = 5;

/** One error handler and one not-found answer for the whole API. */
export function installEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = request.lang ?? 'en';
    if (error instanceof AppError) {
      if (error.http >= 500) request.log.error({ err: error }, 'internal error');
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return send(reply, error.http, error.code, message(error.messageKey, lang, error.messageParams), error.data);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(reply, 400, 400001, validationMessage(error, lang), { fields: fieldErrors(error) });
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (known) return send(reply, known.http, 400001, message(known.key, lang));
    if (error.validation) {
      return send(reply, 400, 400001, validationMessage(error as never, lang), { fields: fieldErrors(error as never) });
    }
    if (!isResponseSerializationError(error) && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's and its plugins' own client errors (405, 406, 414, …): the fixed table of CONTRACT.md
      // section 3 gives invalid input HTTP 400 with 400001.
      if (error.statusCode === 429) return send(reply, 429, 429001, message('rateLimited', lang, { seconds: 60 }));
      if (error.statusCode === 404) return send(reply, 404, 404001, message('routeNotFound', lang));
      return send(reply, 400, 400001, message('invalidInput', lang));
    }
    // Text PostgreSQL cannot store (a NUL character, broken encoding) is bad input, not our failure.
    const dbCode = pgCode(error.cause) ?? error.code;
    if (dbCode === '22P05' || dbCode === '22021') return send(reply, 400, 400001, message('invalidInput', lang));
    // The database is restarting or out of reach: not this request's fault, and it passes by itself. HTTP 503
    // (load balancers and clients retry) with the table's server-side code 500001 and Retry-After.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      request.server.deps.database.noteTrouble();
      reply.header('retry-after', String(UNAVAILABLE_RETRY_SECONDS));
      return send(reply, 503, 500001, message('unavailable', lang), { request_id: request.id, retry_after: UNAVAILABLE_RETRY_SECONDS });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, 500001, message('internal', lang), { request_id: request.id });
  });
}

/** Bad URL encoding, a path parameter over the limit: errors Fastify raises before routing. */
export function frameworkError(_error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 400, 400001, message('invalidInput', request.lang ?? 'en'));
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (headers or a query string
 * over 16 KB, a request timeout, anything unparsable): HTTP 400 with 400001 as CONTRACT.md's
 * fixed table says, in the envelope, written on the socket with the same security headers, in
 * English (no headers were read).
 */
export function clientErrorResponse(error: { code?: string }): string | null {
  if (error.code === 'ECONNRESET') return null;
  const [http, reason, text] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [400, 'Bad Request', 'The request headers or address are too long']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [400, 'Bad Request', 'The request took too long']
        : [400, 'Bad Request', message('invalidInput', 'en')];
  const body = JSON.stringify({ base_resp: { status_code: 400001, status_msg: text } });
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
    'cache-control': 'no-store',
    ...SECURITY_HEADERS,
  };
  return `HTTP/1.1 ${http} ${reason}\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\n\r\n${body}`;
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 404, 404001, message('routeNotFound', request.lang ?? 'en'));
}
