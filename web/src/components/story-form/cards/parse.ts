import extractChunks from 'png-chunks-extract';
import { decode as decodeText } from 'png-chunk-text';
import { z } from 'zod/mini';
import { CODEX_ALIASES_MAX, CODEX_ENTRIES_MAX, CODEX_NAME_MAX, CODEX_TEXT_MAX } from '@butterfic/contract/client';
import type { CodexSeed } from '../../../lib/article-draft';
import { CardError, MAX_CARD_BYTES, type Card } from './card';

/**
 * Reads one character card file in the browser (docs/decisions/0023-character-cards.md):
 * a PNG card (a `ccv3` or `chara` tEXt/iTXt chunk holding base64 JSON) or a JSON card,
 * specs V2 (`chara_card_v2`) and V3 (`chara_card_v3`). Nothing is sent anywhere; the
 * caller keeps only the text fields it fills the form with.
 *
 * This module loads on demand (the PNG and zod code are not in the form's chunk).
 */

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The text fields this app reads, typed as the specs type them; other fields are ignored. */
const text = z.optional(z.string());
const CardData = z.object({
  name: z.string(),
  description: text,
  personality: text,
  scenario: text,
  // Spec: string[]; some tools write one comma-separated string.
  tags: z.optional(z.union([z.array(z.unknown()), z.string()])),
  // Read leniently entry by entry (bookOf): one odd entry must not refuse the card.
  character_book: z.optional(z.unknown()),
});
const CardV2 = z.object({ spec: z.literal('chara_card_v2'), spec_version: z.optional(z.string()), data: CardData });
const CardV3 = z.object({ spec: z.literal('chara_card_v3'), spec_version: z.optional(z.string()), data: CardData });
const AnyCard = z.union([CardV3, CardV2]);

const isPng = (bytes: Uint8Array) => PNG_SIGNATURE.every((b, i) => bytes[i] === b);

/**
 * Walks the chunk lengths before png-chunks-extract copies them: it trusts each
 * length field, so one damaged length (say 4 GB) would make it allocate and loop
 * over gigabytes. A chunk that runs past the end of the file means a damaged file.
 */
function checkChunkBounds(bytes: Uint8Array): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 8;
  while (at + 8 <= bytes.length) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const end = at + 12 + length;
    if (end > bytes.length) throw new CardError('corrupt');
    if (type === 'IEND') return;
    at = end;
  }
  throw new CardError('corrupt');
}

const latin1 = new TextDecoder('latin1');
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A card chunk inflates to at most this much: a few kilobytes of deflate can claim gigabytes (a
 * "zip bomb"), which would freeze the tab and fill its memory. More than this is a damaged card.
 */
export const MAX_INFLATED_BYTES = MAX_CARD_BYTES;

/** Inflates zlib data as a stream, stopping (corrupt) as soon as the output passes `limit`. */
async function inflate(data: Uint8Array, limit = MAX_INFLATED_BYTES): Promise<Uint8Array> {
  const reader = new Blob([data as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate')).getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) throw new CardError('corrupt');
      parts.push(value);
    }
  } catch {
    reader.cancel().catch(() => undefined);
    throw new CardError('corrupt');
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

/** The keyword a tEXt or iTXt chunk starts with (Latin-1, up to the first 0), read without decoding the rest. */
function keywordOf(data: Uint8Array): string {
  const end = data.indexOf(0);
  return end < 1 ? '' : latin1.decode(data.subarray(0, Math.min(end, 80))).toLowerCase();
}

/** An iTXt chunk: keyword, 0, compression flag, method, language tag, 0, translated keyword, 0, UTF-8 text. */
async function decodeItxt(data: Uint8Array): Promise<{ keyword: string; text: string }> {
  const keywordEnd = data.indexOf(0);
  if (keywordEnd < 1) throw new CardError('corrupt');
  const keyword = latin1.decode(data.subarray(0, keywordEnd));
  const compressed = data[keywordEnd + 1] === 1;
  const languageEnd = data.indexOf(0, keywordEnd + 3);
  const translatedEnd = languageEnd < 0 ? -1 : data.indexOf(0, languageEnd + 1);
  if (translatedEnd < 0) throw new CardError('corrupt');
  const body = data.subarray(translatedEnd + 1);
  return { keyword, text: utf8.decode(compressed ? await inflate(body) : body) };
}

/** The card's JSON text from a PNG: `ccv3` first (V3 says so), then `chara`. */
async function cardTextFromPng(bytes: Uint8Array): Promise<string> {
  checkChunkBounds(bytes);
  let chunks: ReturnType<typeof extractChunks>;
  try {
    chunks = extractChunks(bytes);
  } catch {
    throw new CardError('corrupt');
  }
  const found = new Map<string, string>();
  for (const chunk of chunks) {
    if (chunk.name !== 'tEXt' && chunk.name !== 'iTXt') continue;
    // Only the card's own chunks are decoded (and inflated): other text chunks, and a second copy, never.
    const wanted = keywordOf(chunk.data);
    if ((wanted !== 'ccv3' && wanted !== 'chara') || found.has(wanted)) continue;
    let entry: { keyword: string; text: string };
    try {
      entry = chunk.name === 'tEXt' ? decodeText(chunk.data) : await decodeItxt(chunk.data);
    } catch {
      throw new CardError('corrupt');
    }
    found.set(wanted, entry.text);
    // V3 says so: nothing after a ccv3 chunk is read.
    if (wanted === 'ccv3') break;
  }
  const payload = found.get('ccv3') ?? found.get('chara');
  if (payload === undefined) throw new CardError('noCard');
  return fromBase64(payload);
}

/** The chunk's base64 JSON as text; a few tools wrote the JSON itself, which is taken as it is. */
function fromBase64(payload: string): string {
  const trimmed = payload.trim();
  if (trimmed.startsWith('{')) return trimmed;
  const clean = trimmed.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(clean) || clean.length % 4 === 1) throw new CardError('corrupt');
  let binary: string;
  try {
    binary = atob(clean.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    throw new CardError('corrupt');
  }
  try {
    return utf8.decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    throw new CardError('corrupt');
  }
}

function parseJson(source: string, notJson: CardError['code']): unknown {
  try {
    return JSON.parse(source.replace(/^\uFEFF/, '')) as unknown;
  } catch {
    throw new CardError(notJson);
  }
}

/** Validates the JSON against the V2/V3 fields this app reads. */
export function cardFromJson(json: unknown): Card {
  const result = AnyCard.safeParse(json);
  if (!result.success) throw new CardError('unsupported');
  const { spec, data } = result.data;
  const tags = (typeof data.tags === 'string' ? data.tags.split(',') : (data.tags ?? []))
    .filter((tag): tag is string => typeof tag === 'string')
    .map((tag) => tag.trim())
    .filter(Boolean);
  return {
    spec,
    name: data.name,
    description: data.description ?? '',
    personality: data.personality ?? '',
    scenario: data.scenario ?? '',
    tags,
    book: bookOf(data.character_book),
  };
}

const oneLine = (text: string, max: number) => Array.from(text.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ').replace(/\s+/gu, ' ').trim()).slice(0, max).join('');

/**
 * A V2/V3 `character_book` as codex entries: the entry's name (else its first key) and its other keys
 * as aliases, its content as the text, `constant` as always; disabled entries and entries without a
 * name or content are left out. Sizes as the codex takes them (CODEX_* limits).
 */
export function bookOf(book: unknown): CodexSeed[] {
  const entries = (book as { entries?: unknown } | null)?.entries;
  if (!Array.isArray(entries)) return [];
  const out: CodexSeed[] = [];
  for (const raw of entries as Record<string, unknown>[]) {
    if (typeof raw !== 'object' || raw === null || raw.enabled === false) continue;
    const keys = (Array.isArray(raw.keys) ? raw.keys : []).filter((k): k is string => typeof k === 'string').map((k) => oneLine(k, CODEX_NAME_MAX)).filter(Boolean);
    const name = (typeof raw.name === 'string' && oneLine(raw.name, CODEX_NAME_MAX)) || keys[0];
    const text = typeof raw.content === 'string' ? Array.from(raw.content.trim()).slice(0, CODEX_TEXT_MAX).join('') : '';
    if (!name || !text) continue;
    const aliases = [...new Set(keys.filter((k) => k !== name))].slice(0, CODEX_ALIASES_MAX);
    out.push({ name, aliases, text, always: raw.constant === true });
  }
  return out.slice(0, CODEX_ENTRIES_MAX - 2);
}

/**
 * One file's card. Errors are CardErrors with a code the screen translates:
 * tooLarge, corrupt, noCard (a picture without a card), notCard, unsupported.
 */
export async function readCard(bytes: Uint8Array): Promise<Card> {
  if (bytes.length > MAX_CARD_BYTES) throw new CardError('tooLarge');
  if (bytes.length === 0) throw new CardError('notCard');
  if (isPng(bytes)) return cardFromJson(parseJson(await cardTextFromPng(bytes), 'corrupt'));
  let source: string;
  try {
    source = utf8.decode(bytes);
  } catch {
    throw new CardError('notCard');
  }
  if (
    !source
      .replace(/^\uFEFF/, '')
      .trimStart()
      .startsWith('{')
  )
    throw new CardError('notCard');
  return cardFromJson(parseJson(source, 'corrupt'));
}

/** Reads a picked file: the size is checked before a byte is read. */
export async function readCardFile(file: Blob): Promise<Card> {
  if (file.size > MAX_CARD_BYTES) throw new CardError('tooLarge');
  return readCard(new Uint8Array(await file.arrayBuffer()));
}
