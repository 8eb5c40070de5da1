import { ERROR_CODES, type ErrorName } from '@butterfic/contract';
import type { MessageKey } from './messages';

/**
 * The one error class of the server. Thrown anywhere; the envelope plugin maps
 * it to its HTTP status and status_code (CONTRACT.md section 3) and a message
 * in the request's language.
 */
export class AppError extends Error {
  readonly code: number;
  readonly http: number;
  readonly data: unknown;
  readonly headers: Record<string, string>;
  readonly messageParams: Record<string, string | number>;
  /** The status_msg text; defaults to the one of `kind`. */
  readonly messageKey: MessageKey;

  constructor(
    readonly kind: ErrorName,
    options: {
      data?: unknown;
      headers?: Record<string, string>;
      params?: Record<string, string | number>;
      message?: MessageKey;
      /** Developer detail for logs; never shown to clients. */
      detail?: string;
      /** Another HTTP status for the same status_code (503 for a service that is briefly unavailable). */
      http?: number;
    } = {},
  ) {
    super(options.detail ?? kind);
    this.name = 'AppError';
    this.code = ERROR_CODES[kind].code;
    this.http = options.http ?? ERROR_CODES[kind].http;
    this.data = options.data;
    this.headers = options.headers ?? {};
    this.messageParams = options.params ?? {};
    this.messageKey = options.message ?? kind;
  }
}
