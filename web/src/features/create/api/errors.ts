import { STATUS } from '@butterfic/contract/client';
import { ApiError } from '../../../lib/api-client';

/** Answers that asking again will not change (gone, or not this viewer's to see). */
export const isFinalError = (error: unknown): boolean =>
  error instanceof ApiError && (error.code === STATUS.notFound || error.code === STATUS.forbidden);
