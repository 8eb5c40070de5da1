import { z } from 'zod';

/** Every response body: `{ base_resp: { status_code, status_msg }, data }` (CONTRACT.md section 3). */
export const BaseResp = z.object({
  status_code: z.number().int(),
  status_msg: z.string(),
});
export type BaseResp = z.infer<typeof BaseResp>;

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ base_resp: BaseResp, data });
}

export const ErrorEnvelope = z.object({
  base_resp: BaseResp,
  data: z.unknown().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

export { PAGE_SIZE } from './constants';

/** List pages: `{ results, page, page_size, has_more }`, page starts at 1. */
export function page<T extends z.ZodType>(item: T) {
  return z.object({
    results: z.array(item),
    page: z.number().int().min(1),
    page_size: z.number().int(),
    has_more: z.boolean(),
  });
}

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export type Envelope<T> = { base_resp: BaseResp; data: T };

/** ES2024's String.prototype.isWellFormed (Node 20 has it; the ES2023 lib the project builds with does not name it). */
const wellFormed = (text: string) => (text as unknown as { isWellFormed(): boolean }).isWellFormed();
/**
 * Text PostgreSQL cannot store, or stores broken: a NUL character, or half of a UTF-16 surrogate pair
 * (JSON's `"\ud800"`). Every request's body, query and path parameters are read for it before anything
 * else (CONTRACT.md section 3: 400001, never a 500, nothing written). Both tests are native scans: about
 * 0.1 ms for a 40,000-character post, 3 µs for a story start.
 */
const unstorable = (text: string) => text.includes('\u0000') || !wellFormed(text);

/**
 * The path (`plot`, `entries.2.name`) of the first string in `value` that holds unstorable text, else
 * null. Past 32 levels it stops looking: no request has such a shape, and its schema refuses it.
 */
export function unstorableTextAt(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return unstorable(value) ? path || 'body' : null;
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value) || depth > 32) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (unstorable(key)) return path ? `${path}.${key}` : key;
    const found = unstorableTextAt(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}
