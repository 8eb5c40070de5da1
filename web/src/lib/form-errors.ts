import { ApiError } from './api-client';

/** A failure found by the form itself, shown as a translated sentence. */
export class FormError extends Error {
  constructor(
    readonly key: string,
    readonly values: Record<string, string | number> = {},
  ) {
    super(key);
    this.name = 'FormError';
  }
}

export const hasCode = (error: unknown, code: number): boolean => error instanceof ApiError && error.code === code;
