import type { Language } from '@butterfic/contract';
import type { LlmProvider, StoryRequest } from '../types';
import { bank as en } from './phrases/en';
import { bank as ja } from './phrases/ja';
import { bank as ko } from './phrases/ko';
import type { PhraseBank } from './phrases/types';
import { bank as zhCN } from './phrases/zh-CN';
import { bank as zhTW } from './phrases/zh-TW';

const BANKS: Record<Language, PhraseBank> = { en, 'zh-CN': zhCN, 'zh-TW': zhTW, ko, ja };

/** Character B as subject, object and possessive in each perspective (third, first, second). */
const B_FORMS: Record<Language, (name: string) => [subject: string, object: string, possessive: string][]> = {
  en: (b) => [
    [b, b, `${b}’s`],
    ['I', 'me', 'my'],
    ['you', 'you', 'your'],
  ],
  'zh-CN': (b) => [
    [b, b, `${b}的`],
    ['我', '我', '我的'],
    ['你', '你', '你的'],
  ],
  'zh-TW': (b) => [
    [b, b, `${b}的`],
    ['我', '我', '我的'],
    ['你', '你', '你的'],
  ],
  ko: (b) => [
    [b, b, `${b}의`],
    ['나', '나', '나의'],
    ['너', '너', '너의'],
  ],
  ja: (b) => [
    [b, b, `${b}の`],
    ['私', '私', '私の'],
    ['あなた', 'あなた', 'あなたの'],
  ],
};

const FULL_STOP: Record<Language, string> = { en: '.', 'zh-CN': '。', 'zh-TW': '。', ko: '.', ja: '。' };

/** The user's text as a finished sentence, so the template's next sentence does not run into it. */
function closed(text: string, language: Language): string {
  const trimmed = text.trim();
  if (!trimmed || /[.!?。！？…"”」』)）~]$/.test(trimmed)) return trimmed;
  return trimmed + FULL_STOP[language];
}

/** mulberry32: a small seeded generator, so the same request always gives the same story. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** Writes one chapter from the phrase bank of the story's language. Deterministic for equal inputs. */
export function composeChapter(story: StoryRequest): string {
  const bank = BANKS[story.language];
  const p = story.params;
  // A rewrite (version 2, 3 …) and a chapter after a different earlier chapter get their own take; the first
  // chapter's first version is as it always was.
  const take = (story.version ?? 1) > 1 || story.storySoFar ? [story.version ?? 1, hash(story.storySoFar)] : [];
  const rand = random(hash(JSON.stringify([p, story.perspective, story.dialogueHeavy, story.spicy, story.language, story.chapterIndex, ...take])));
  const used = new Set<string>();
  const pick = (list: string[]): string => {
    const fresh = list.filter((item) => !used.has(item));
    const pool = fresh.length ? fresh : list;
    const choice = pool[Math.floor(rand() * pool.length)] ?? '';
    used.add(choice);
    return choice;
  };
  const [subject, object, possessive] = B_FORMS[story.language](p.char_b_name)[story.perspective] ?? [
    p.char_b_name,
    p.char_b_name,
    p.char_b_name,
  ];
  const plot = closed(p.plot || `${p.char_a_name} & ${p.char_b_name}`, story.language);
  const fill = (template: string): string =>
    template
      .replace(
        /\[([^\]|]*)\|([^\]|]*)\|([^\]|]*)\]/g,
        (_, third: string, first: string, second: string) => [third, first, second][story.perspective] ?? third,
      )
      .replace(/\{(\w+)\}/g, (whole, key: string) => {
        switch (key) {
          case 'A':
            return p.char_a_name;
          case 'B':
            return subject;
          case 'Bobj':
            return object;
          case 'Bposs':
            return possessive;
          case 'plot':
            return plot;
          case 'settingA':
            return closed(p.char_a_setting || p.char_a_name, story.language);
          case 'settingB':
            return closed(p.char_b_setting || p.char_b_name, story.language);
          case 'place':
            return pick(bank.places);
          case 'time':
            return pick(bank.times);
          default:
            return whole;
        }
      });

  const body: string[] = [];
  const mainKind = story.dialogueHeavy ? bank.dialogue : bank.description;
  const otherKind = story.dialogueHeavy ? bank.description : bank.dialogue;
  const bodyLength = 3 + Math.floor(rand() * 2);
  for (let i = 0; i < bodyLength; i++) body.push(pick(i === 1 ? otherKind : mainKind));
  const turn = pick(story.spicy ? bank.turnSpicy : bank.turnGeneral);

  const plan =
    story.chapterIndex === 0
      ? [pick(bank.openings), pick(bank.introA), pick(bank.introB), ...body.slice(0, 2), turn, ...body.slice(2), pick(bank.endings)]
      : [pick(bank.continuations), ...body.slice(0, 2), turn, ...body.slice(2), pick(mainKind), pick(bank.endings)];
  const paragraphs = plan.map(fill).map((text) => (story.language === 'en' ? capitalizeSentences(text) : text));
  return paragraphs.join('\n\n');
}

/** "you" or "my" that a template put at the start of an English sentence gets its capital letter. */
function capitalizeSentences(text: string): string {
  return text.replace(/(^|[.!?]\s+|[“"]\s*)([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/**
 * The built-in offline writer: no model, no network. It streams the composed
 * chapter a few characters at a time at `charsPerSecond` (Chinese, Japanese
 * and Korean at half of it, as a model writes them: a character there carries
 * about what two English letters do, so a chapter takes about as long in
 * every language), and when resuming after a crash it carries on after the
 * text already saved.
 */
export function offlineProvider(options: { charsPerSecond: number }): LlmProvider {
  const tick = 50;
  return {
    name: 'offline',
    async *stream({ story, signal }) {
      const charsPerSecond = story.language === 'en' ? options.charsPerSecond : options.charsPerSecond / 2;
      const perTick = Math.max(1, Math.round((charsPerSecond * tick) / 1000));
      const full = composeChapter(story);
      // The writer is deterministic: what was saved before a crash is the start of the same text.
      const chars = Array.from(full).slice(Array.from(story.resumeFrom).length);
      for (let i = 0; i < chars.length; i += perTick) {
        if (signal.aborted) return;
        yield chars.slice(i, i + perTick).join('');
        if (i + perTick < chars.length) await new Promise((resolve) => setTimeout(resolve, tick));
      }
    },
  };
}
