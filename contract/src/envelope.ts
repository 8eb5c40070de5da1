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
