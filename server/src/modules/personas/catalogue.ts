import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@butterfic/contract';
import { z } from 'zod';
import type { Db } from '../../db';
import { personas } from '../../db/schema';
import { newUid } from '../../lib/ids';
import { splitTags } from './service';

/** The seed and import format (server/src/db/seed/personas/README.md). */
export const CataloguePersona = z.object({
  key: z.string().trim().min(1).max(120),
  language: z.enum(LANGUAGES),
  author_name: z.string().trim().min(1).max(60),
  char_a_name: z.string().trim().min(1).max(60),
  char_a_setting: z.string().trim().max(2000),
  char_b_name: z.string().trim().min(1).max(60),
  char_b_setting: z.string().trim().max(2000),
  plot: z.string().trim().max(4000),
  description: z.string().trim().min(1).max(500),
  is_r18: z.union([z.literal(0), z.literal(1)]),
  tags: z.string().trim().max(300),
  first_person: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  dialogue_heavy: z.union([z.literal(0), z.literal(1)]),
  used_count: z.number().int().min(0).default(0),
});
export type CataloguePersona = z.infer<typeof CataloguePersona>;

export const SEED_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../db/seed/personas');

export function readCatalogueFile(file: string): CataloguePersona[] {
  const parsed = z.array(CataloguePersona).safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${path.basename(file)}: item ${issue?.path.join('.')} ${issue?.message}`);
  }
  return parsed.data;
}

/** Every seed file shipped with the app. */
export function seedCatalogue(): CataloguePersona[] {
  if (!fs.existsSync(SEED_DIR)) return [];
  return fs
    .readdirSync(SEED_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => readCatalogueFile(path.join(SEED_DIR, f)));
}

/**
 * Inserts catalogue personas that are not there yet (matched on `key`), least
 * used first so the most used get the newest feed positions. Idempotent.
 */
export async function importPersonas(db: Db, items: CataloguePersona[]): Promise<{ inserted: number; skipped: number }> {
  const ordered = [...items].sort((a, b) => a.used_count - b.used_count || a.key.localeCompare(b.key));
  let inserted = 0;
  for (const item of ordered) {
    const rows = await db
      .insert(personas)
      .values({
        uid: newUid(),
        seedKey: item.key,
        authorName: item.author_name,
        charAName: item.char_a_name,
        charASetting: item.char_a_setting,
        charBName: item.char_b_name,
        charBSetting: item.char_b_setting,
        plot: item.plot,
        description: item.description,
        isR18: item.is_r18 === 1,
        tags: splitTags(item.tags).join(', '),
        tagList: splitTags(item.tags),
        usedCount: item.used_count,
        firstPerson: item.first_person,
        dialogueHeavy: item.dialogue_heavy === 1,
        language: item.language,
      })
      .onConflictDoNothing({ target: personas.seedKey })
      .returning({ uid: personas.uid });
    inserted += rows.length;
  }
  return { inserted, skipped: items.length - inserted };
}
