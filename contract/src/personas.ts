import { z } from 'zod';
import { Takedown } from './moderation';
import { LANGUAGES } from './languages';
import { CharacterName } from './novels';

/** A persona as the API answers it (SPEC.md section 3). */
export const Persona = z.object({
  uid: z.string(),
  author_name: z.string(),
  char_a_name: z.string(),
  char_a_setting: z.string(),
  char_b_name: z.string(),
  char_b_setting: z.string(),
  plot: z.string(),
  description: z.string(),
  is_r18: z.union([z.literal(0), z.literal(1)]),
  tags: z.string(),
  used_count: z.number().int(),
  /** 0 third person, 1 first person, 2 second person. */
  first_person: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  dialogue_heavy: z.union([z.literal(0), z.literal(1)]),
  language: z.enum(LANGUAGES),
  is_favorite: z.boolean(),
  is_mine: z.boolean(),
  /** Only for the author of a persona an operator took down. */
  takedown: Takedown.nullable().optional(),
  created_time: z.number().int(),
});
export type Persona = z.infer<typeof Persona>;

const flag = z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)]));

/** GET /persona/list/?page=&language=&tag=&q=&snapshot= */
export const PersonaListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  language: z.enum(LANGUAGES).optional(),
  tag: z.string().trim().min(1).max(40).optional(),
  q: z.string().trim().min(1).max(60).optional(),
  /** From page 1's answer: later pages are cut at the same point, so new personas never shift them. */
  snapshot: z.coerce.number().int().min(0).optional(),
});

export const PersonaListPage = z.object({
  results: z.array(Persona),
  page: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean(),
  snapshot: z.number().int(),
});

/** GET ?persona_uid= or form/JSON POST persona_uid. */
export const PersonaRef = z.object({ persona_uid: z.string().trim().min(1).max(64) });

/** POST /persona/favorite/ {post_id}: toggles. */
export const FavoriteBody = z.object({ post_id: z.string().trim().min(1).max(64) });
export const FavoriteResult = z.object({ is_favorite: z.boolean() });

export const AddUsedResult = z.object({ used_count: z.number().int() });

const text = (max: number) => z.string().trim().min(1).max(max);

const fields = {
  char_a_name: CharacterName,
  char_a_setting: z.string().trim().max(2000),
  char_b_name: CharacterName,
  char_b_setting: z.string().trim().max(2000),
  plot: z.string().trim().max(4000),
  description: text(500),
  tags: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((t) => t.trim()).filter(Boolean))
    .pipe(z.array(z.string().max(30)).max(8))
    .transform((list) => [...new Set(list)].join(', ')),
  is_r18: flag,
  first_person: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1), z.literal(2)])),
  dialogue_heavy: flag,
  language: z.enum(LANGUAGES),
};

/** A user's own persona, published from a finished story or written by hand. */
export const PersonaInput = z.object({
  ...fields,
  char_a_setting: fields.char_a_setting.default(''),
  char_b_setting: fields.char_b_setting.default(''),
  plot: fields.plot.default(''),
});
export type PersonaInput = z.infer<typeof PersonaInput>;

/** Only the fields sent change. */
export const PersonaEditBody = z
  .object(fields)
  .partial()
  .extend({ persona_uid: z.string().trim().min(1).max(64) });
