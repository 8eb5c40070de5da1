import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../draft';
import { applyFill } from './apply';
import { CardError, MAX_CARD_BYTES, type Card } from './card';
import { cleanName, cutText, fillFromCards, type CardFill } from './fill';
import { cardFromJson, MAX_INFLATED_BYTES, readCard, readCardFile } from './parse';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const bytes = (name: string) => new Uint8Array(fs.readFileSync(path.join(fixtures, name)));
const read = (name: string) => readCard(bytes(name));
const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CardError);
  return (error as CardError).code;
};

/** One PNG chunk (length, type, body, CRC). */
const chunkOf = (type: string, body: Buffer) => {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
  const chunk = Buffer.alloc(typed.length + 8);
  chunk.writeUInt32BE(body.length, 0);
  typed.copy(chunk, 4);
  chunk.writeUInt32BE(zlib.crc32(typed), typed.length + 4);
  return chunk;
};
/** A compressed iTXt chunk: keyword, 0, compressed, method 0, no language, no translation, zlib text. */
const compressedItxt = (keyword: string, inflated: Buffer) =>
  chunkOf('iTXt', Buffer.concat([Buffer.from(`${keyword}\0\x01\0\0\0`, 'latin1'), zlib.deflateSync(inflated, { level: 9 })]));
/** no-card.png with these chunks after its header. */
const pngWith = (...chunks: Buffer[]) => {
  const png = bytes('no-card.png');
  return new Uint8Array(Buffer.concat([png.subarray(0, 33), ...chunks, png.subarray(33)]));
};

describe('reading character cards', () => {
  it('reads a V2 PNG card from its chara tEXt chunk', async () => {
    const card = await read('aria-v2.png');
    expect(card).toEqual({
      spec: 'chara_card_v2',
      name: 'Aria Vale',
      description:
        '{{char}} is a 32-year-old lighthouse keeper on a storm-bound island. She keeps the lamp burning and her past to herself.',
      personality: 'Calm, dry-witted and stubborn; she takes the lead when things go wrong.',
      scenario: 'A storm strands {{user}} at {{char}}\u2019s lighthouse until dawn.',
      tags: ['slow burn', 'mystery', 'lighthouse'],
      book: [],
    });
  });

  it('brings a character book as codex entries: name or first key, other keys as aliases, constant as always', () => {
    const card = cardFromJson({
      spec: 'chara_card_v3',
      data: {
        name: 'Aria',
        character_book: {
          entries: [
            { keys: ['Lamp Room', 'the lamp'], content: 'Where the light turns.', constant: false },
            { name: '灯台', keys: ['灯台', '光'], content: '島の北の端。', constant: true },
            { keys: ['Nothing'], content: '', constant: false },
            { keys: ['Off'], content: 'Disabled.', enabled: false },
            'not an entry',
          ],
        },
      },
    });
    expect(card.book).toEqual([
      { name: 'Lamp Room', aliases: ['the lamp'], text: 'Where the light turns.', always: false },
      { name: '灯台', aliases: ['光'], text: '島の北の端。', always: true },
    ]);
    expect(fillFromCards([card], { nameA: '', nameB: '' }, 'you', LIMITS).book).toEqual(card.book);
  });

  it('takes the ccv3 chunk of a V3 PNG card over its older chara copy', async () => {
    const card = await read('bram-v3.png');
    expect(card.spec).toBe('chara_card_v3');
    expect(card.name).toBe('Bram Hollis');
  });

  it('reads a compressed iTXt chunk with UTF-8 text (a Japanese V2 card)', async () => {
    const card = await read('wataru-v2-itxt.png');
    expect(card.spec).toBe('chara_card_v2');
    expect(card.name).toBe('航');
    expect(card.description).toContain('測量士');
  });

  it('reads V3 and V2 JSON cards, with or without a byte order mark', async () => {
    const akari = await read('akari-v3.json');
    expect(akari).toMatchObject({ spec: 'chara_card_v3', name: '灯里', tags: ['じれじれ', 'ミステリー'] });
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('akari-v3.json')]);
    expect((await readCard(withBom)).name).toBe('灯里');
    expect((await read('long-v2.json')).spec).toBe('chara_card_v2');
  });

  it('reads a picked file (a Blob) the same way', async () => {
    const card = await readCardFile(new Blob([bytes('aria-v2.png')], { type: 'image/png' }));
    expect(card.name).toBe('Aria Vale');
  });

  it('refuses damaged and foreign files with the reason the screen shows', async () => {
    expect(await failure(read('truncated.png'))).toBe('corrupt');
    expect(await failure(read('bad-base64.png'))).toBe('corrupt');
    expect(await failure(read('no-card.png'))).toBe('noCard');
    expect(await failure(read('wrong-shape.json'))).toBe('unsupported');
    expect(await failure(read('broken.json'))).toBe('corrupt');
    expect(await failure(read('notes.txt'))).toBe('notCard');
    expect(await failure(readCard(new Uint8Array(0)))).toBe('notCard');
    // Valid JSON of another shape: a name that is not text, an unknown spec.
    const json = (value: unknown) => readCard(new TextEncoder().encode(JSON.stringify(value)));
    expect(await failure(json({ spec: 'chara_card_v2', data: { name: 5 } }))).toBe('unsupported');
    expect(await failure(json({ spec: 'chara_card_v4', data: { name: 'Future' } }))).toBe('unsupported');
    expect(await failure(json({ spec: 'chara_card_v2', data: { name: 'Aria', description: ['not', 'text'] } }))).toBe('unsupported');
  });

  it('refuses a PNG whose chunk claims more bytes than the file has, at once', async () => {
    const png = bytes('aria-v2.png');
    // The first chunk after IHDR is the card's tEXt: give it a length of 2 GB.
    const damaged = png.slice();
    new DataView(damaged.buffer).setUint32(8 + 25, 0x7fff_fff0);
    const started = Date.now();
    expect(await failure(readCard(damaged))).toBe('corrupt');
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('refuses a PNG whose chunk checksum is wrong (a flipped byte in the card)', async () => {
    const damaged = bytes('aria-v2.png').slice();
    damaged[8 + 25 + 8 + 20]! ^= 0xff;
    expect(await failure(readCard(damaged))).toBe('corrupt');
  });

  it('refuses a card chunk whose base64 decodes to something that is not UTF-8 JSON', async () => {
    const body = Buffer.concat([Buffer.from('chara\0', 'latin1'), Buffer.from(Buffer.from([0xff, 0xfe, 0x00, 0x41]).toString('base64'))]);
    expect(await failure(readCard(pngWith(chunkOf('tEXt', body))))).toBe('corrupt');
  });

  it('refuses a file over 8 MB before reading it', async () => {
    const big = new Uint8Array(MAX_CARD_BYTES + 1);
    big.set(bytes('aria-v2.png'));
    expect(await failure(readCard(big))).toBe('tooLarge');
    let read = false;
    const blob = {
      size: MAX_CARD_BYTES + 1,
      arrayBuffer: () => {
        read = true;
        return Promise.resolve(big.buffer);
      },
    } as unknown as Blob;
    expect(await failure(readCardFile(blob))).toBe('tooLarge');
    expect(read).toBe(false);
    // Exactly the limit is still read.
    const atLimit = new Uint8Array(MAX_CARD_BYTES);
    atLimit.set(new TextEncoder().encode(JSON.stringify({ spec: 'chara_card_v2', data: { name: 'Edge' } }).padEnd(100, ' ')));
    atLimit.fill(0x20, 100);
    expect((await readCard(atLimit)).name).toBe('Edge');
  });
});

describe('compressed chunks (a crafted PNG cannot freeze the tab)', () => {
  // What the browser inflates, counted at the decompressor's output.
  let inflated = 0;
  const Original = globalThis.DecompressionStream;
  class Counting {
    readonly readable: ReadableStream<Uint8Array>;
    readonly writable: WritableStream<BufferSource>;
    constructor(format: CompressionFormat) {
      const inner = new Original(format);
      this.writable = inner.writable;
      this.readable = inner.readable.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            inflated += chunk.byteLength;
            controller.enqueue(chunk);
          },
        }),
      );
    }
  }
  afterEach(() => {
    vi.unstubAllGlobals();
    inflated = 0;
  });
  // 64 MB of nothing in about 64 KB: far past anything a card holds.
  const bomb = Buffer.alloc(64 * 1024 * 1024);

  it('refuses a card chunk that inflates past the cap as damaged, having inflated little more than the cap', async () => {
    vi.stubGlobal('DecompressionStream', Counting);
    const png = pngWith(compressedItxt('chara', bomb));
    expect(png.length).toBeLessThan(MAX_CARD_BYTES);
    expect(await failure(readCard(png))).toBe('corrupt');
    expect(inflated).toBeGreaterThan(0);
    expect(inflated).toBeLessThan(MAX_INFLATED_BYTES + 1024 * 1024);
  });

  it('never inflates a text chunk that is not the card', async () => {
    vi.stubGlobal('DecompressionStream', Counting);
    const card = Buffer.from(JSON.stringify({ spec: 'chara_card_v2', data: { name: 'Nell' } })).toString('base64');
    const png = pngWith(compressedItxt('comment', bomb), chunkOf('tEXt', Buffer.from(`chara\0${card}`, 'latin1')));
    expect((await readCard(png)).name).toBe('Nell');
    expect(inflated).toBe(0);
  });

  it('still reads a compressed card chunk under the cap', async () => {
    vi.stubGlobal('DecompressionStream', Counting);
    const card = Buffer.from(JSON.stringify({ spec: 'chara_card_v2', data: { name: 'Ósk', description: 'x'.repeat(100_000) } }));
    expect((await readCard(pngWith(compressedItxt('chara', Buffer.from(card.toString('base64')))))).name).toBe('Ósk');
    expect(inflated).toBeGreaterThan(100_000);
  });
});

describe('filling the form from cards', () => {
  const none = { nameA: '', nameB: '' };

  it('fills both characters from two cards, replacing {{char}} and {{user}} with their names', async () => {
    const cards = [await read('aria-v2.png'), await read('bram-v3.png')];
    const fill = fillFromCards(cards, none, 'the other one', LIMITS);
    expect(fill.characters).toEqual([
      {
        slot: 'A',
        name: 'Aria Vale',
        setting:
          'Aria Vale is a 32-year-old lighthouse keeper on a storm-bound island. She keeps the lamp burning and her past to herself.\n\nCalm, dry-witted and stubborn; she takes the lead when things go wrong.',
      },
      {
        slot: 'B',
        name: 'Bram Hollis',
        setting:
          'Bram Hollis is a 35-year-old cartographer who trusts maps more than people. He is polite to Aria Vale, and curious.\n\nCareful, warm once he trusts someone, terrible at lying.',
      },
    ]);
    expect(fill.plot).toBe(
      'A storm strands Bram Hollis at Aria Vale\u2019s lighthouse until dawn.\n\nBram Hollis knocks on the lighthouse door at midnight with a map that should not exist.',
    );
    // Tags of both, without repeats (case-insensitive), in order.
    expect(fill.tags).toEqual(['slow burn', 'mystery', 'lighthouse', 'adventure', 'Rivals']);
    expect(fill.nsfw).toBe(false);
    expect(fill.cuts).toEqual([]);
  });

  it('puts one card into the first character without a name, and names the other from the form', async () => {
    const wataru = await read('wataru-v2-itxt.png');
    const intoB = fillFromCards([wataru], { nameA: '灯里', nameB: '' }, '相手', LIMITS);
    expect(intoB.characters).toHaveLength(1);
    expect(intoB.characters[0]!.slot).toBe('B');
    expect(intoB.characters[0]!.setting).toContain('灯里には礼儀正しい');
    const intoA = fillFromCards([wataru], none, '相手', LIMITS);
    expect(intoA.characters[0]!.slot).toBe('A');
    expect(intoA.plot).toBe('真夜中、航は存在しないはずの地図を持って灯台の扉を叩く。');
    expect(intoA.characters[0]!.setting).toContain('相手には礼儀正しい');
    // Both named already: the card replaces Character A.
    expect(fillFromCards([wataru], { nameA: 'X', nameB: 'Y' }, '相手', LIMITS).characters[0]!.slot).toBe('A');
  });

  it('makes names one line, cuts long fields to their limits and says so, and spots an NSFW tag', async () => {
    const fill = fillFromCards([await read('long-v2.json')], none, 'you', LIMITS);
    const [character] = fill.characters;
    expect(character!.name).not.toMatch(/[\n\t\u200b]/);
    expect(character!.name).toBe('Captain Seraphina Marguerite Alderney-Whitcombe of the North');
    expect(character!.name.length).toBe(LIMITS.name);
    expect(character!.setting.length).toBeLessThanOrEqual(LIMITS.setting);
    // Cut at the last sentence end that fits.
    expect(character!.setting.endsWith('knows every ship by its horn.')).toBe(true);
    expect(fill.plot!.endsWith('Night watch.')).toBe(true);
    expect(fill.plot!.length).toBeLessThanOrEqual(LIMITS.plot);
    expect(fill.cuts.map((c) => c.field)).toEqual(['nameA', 'settingA', 'plot']);
    const settingCut = fill.cuts.find((c) => c.field === 'settingA')!;
    expect(settingCut.from).toBeGreaterThan(LIMITS.setting);
    expect(settingCut.to).toBe(character!.setting.length);
    expect(fill.nsfw).toBe(true);
    // The adult marker and the over-long tag are not persona tags.
    expect(fill.tags).toEqual(['captain']);
  });

  it('cuts at a sentence or word end and never splits a surrogate pair', () => {
    expect(cutText('short', 10)).toBe('short');
    expect(cutText('Aaaa bbbb cccc dddd. Eeee ffff', 22)).toBe('Aaaa bbbb cccc dddd.');
    expect(cutText('Version 3.5 is what we run here', 12)).toBe('Version 3.5…');
    expect(cutText('あいうえお。かきくけこさしすせそ', 7)).toBe('あいうえお。');
    expect(cutText('One two three four five six', 20)).toBe('One two three four…');
    const emoji = '😀'.repeat(10);
    const cut = cutText(emoji, 8);
    expect(cut.length).toBeLessThanOrEqual(8);
    expect(cut).toBe('😀😀😀…');
    expect(cleanName(' Ada\r\nLovelace\u2028 ')).toBe('Ada Lovelace');
  });

  it('keeps a card without personality or scenario usable', () => {
    const card: Card = { spec: 'chara_card_v2', name: 'Plain', description: 'Just {{char}}.', personality: '', scenario: '', tags: [], book: [] };
    const fill = fillFromCards([card], none, 'you', LIMITS);
    expect(fill.characters[0]).toEqual({ slot: 'A', name: 'Plain', setting: 'Just Plain.' });
    expect(fill.plot).toBeNull();
  });
});

describe('applying an import to a form', () => {
  const empty = { characterA: '', settingA: '', characterB: '', settingB: '', plot: '', isR18: null, tags: '' } as const;
  const fillOf = (overrides: Partial<CardFill> = {}): CardFill => ({
    characters: [
      { slot: 'A', name: 'Aria', setting: 'Keeper.' },
      { slot: 'B', name: 'Bram', setting: 'Mapmaker.' },
    ],
    plot: 'A storm.',
    tags: ['mystery'],
    nsfw: false,
    cuts: [],
    book: [],
    ...overrides,
  });

  it('fills names, settings, the empty plot and tags', () => {
    const { patch, notes } = applyFill(fillOf(), { ...empty }, false);
    expect(patch).toEqual({
      characterA: 'Aria',
      settingA: 'Keeper.',
      characterB: 'Bram',
      settingB: 'Mapmaker.',
      plot: 'A storm.',
      tags: 'mystery',
    });
    expect(notes).toEqual(['cards.plotFilled', 'cards.tagsFilled']);
  });

  it("keeps the user's own plot and tags, and the generation form's values without tags", () => {
    const { patch, notes } = applyFill(fillOf(), { ...empty, plot: 'Mine.', tags: 'mine' }, false);
    expect(patch.plot).toBeUndefined();
    expect(patch.tags).toBeUndefined();
    expect(notes).toEqual(['cards.plotKept']);
    const { tags: _tags, ...generation } = empty;
    expect(applyFill(fillOf(), generation, false).patch).not.toHaveProperty('tags');
  });

  it('chooses 18+ for an NSFW card only for a confirmed adult; others are told to choose it', () => {
    const nsfw = fillOf({ nsfw: true });
    expect(applyFill(nsfw, { ...empty }, true)).toMatchObject({
      patch: { isR18: 'R18' },
      notes: expect.arrayContaining(['cards.nsfwChosen']) as unknown,
    });
    for (const adult of [false, null]) {
      const { patch, notes } = applyFill(nsfw, { ...empty }, adult);
      expect(patch.isR18).toBeUndefined();
      expect(notes).toContain('cards.nsfwSuggested');
    }
    // Already 18+: nothing to say.
    expect(applyFill(nsfw, { ...empty, isR18: 'R18' }, true).notes).toEqual(['cards.plotFilled', 'cards.tagsFilled']);
  });
});
