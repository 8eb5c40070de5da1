import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type enReader from '../../web/src/locales/en/reader.json';
import { DESKTOP, launch, newPage, PHONE, snap } from './browser';
import { callApi, signUp, useSession, type Session } from './fixtures';
import { texts } from './locales';
import { fill, writtenStory } from './story';

// Story memory on the work reader (issue 29): open it, correct the memory, write a note for the next
// chapter, pin a fact, save, continue, and see the new chapter; the next request carries what was saved.

type Lang = 'en' | 'ja';
type Texts = (typeof texts)['en'] & typeof enReader;
const textsOf = (lang: Lang) => texts[lang] as unknown as Texts;

type Memory = { memory: string; memory_source: string; author_note: string; pinned_facts: string[]; memory_chapters: number };
type Details = { novel: { generate_status: string }; chapters: { content: string }[] };
const memoryOf = (session: Session, uid: string) =>
  callApi<Memory>('GET', `/novel/memory/?novel_uid=${uid}`, { token: session.tokens.access });
const details = (session: Session, uid: string) =>
  callApi<Details>('GET', `/novel/details/?novel_uid=${uid}`, { token: session.tokens.access });

async function story(session: Session, lang: Lang): Promise<string> {
  const uid = await writtenStory(session, lang, {
    char_a_name: lang === 'ja' ? '湊' : 'Ines',
    char_a_setting: lang === 'ja' ? '灯台守。30歳。' : 'A lighthouse keeper of 34.',
    char_b_name: lang === 'ja' ? '朔' : 'Tomas',
    char_b_setting: lang === 'ja' ? '地図職人。28歳。' : 'A cartographer of 31.',
    plot: lang === 'ja' ? '嵐の夜、二人は灯台で夜明けを待つ。' : 'A storm keeps them in the lighthouse until morning.',
  });
  // The offline writer's memory (a labelled extract) is written a moment after the chapter.
  await expect.poll(async () => (await memoryOf(session, uid)).memory_chapters, { timeout: 20_000, interval: 300 }).toBe(1);
  return uid;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([
  ['en', PHONE],
  ['ja', DESKTOP],
] as const)('story memory in %s', (lang, viewport) => {
  it('is read, corrected and steered on the work reader, and the next chapter is written with it', async () => {
    const t = textsOf(lang).reader.memory;
    const reader = textsOf(lang).reader;
    const shot = (name: string) => `memory-${lang}-${name}-${viewport === PHONE ? 'phone' : 'desktop'}`;
    const session = await signUp(lang);
    const uid = await story(session, lang);
    const { context, page } = await newPage(browser, { locale: lang === 'ja' ? 'ja-JP' : 'en-US', viewport });
    await useSession(page, session);
    await page.goto(`/myworks/detail/${uid}`);

    const summary = page.getByText(t.title, { exact: true });
    await summary.click();
    const memory = page.getByLabel(t.memoryLabel, { exact: true });
    await memory.waitFor();
    await page.getByText(t.sourceExtract).waitFor();
    expect((await memory.inputValue()).length).toBeGreaterThan(10);
    await snap(page, shot('open'));

    const edited =
      lang === 'ja' ? '湊と朔は嵐の灯台で出会った。朔は左手を怪我している。' : 'Ines and Tomas met in the storm. Tomas hurt his left hand.';
    const note = lang === 'ja' ? '次の章：ふたりは古い手紙の話をする。' : 'Next: they finally talk about the letter.';
    const fact = lang === 'ja' ? '湊は猫アレルギー' : 'Ines is allergic to cats';
    await memory.fill(edited);
    await page.getByLabel(t.noteLabel, { exact: true }).fill(note);
    const factInput = page.getByLabel(t.newFact, { exact: true });
    await factInput.fill(fact);
    await factInput.press('Enter');
    await page.getByRole('button', { name: fill(t.removeFact, { fact }) }).waitFor();
    await page.getByRole('button', { name: t.save }).click();
    await page.getByText(t.saved).waitFor();
    await page.getByText(fill(t.sourceEdited, { number: 1 })).waitFor();
    await snap(page, shot('saved'));
    expect(await memoryOf(session, uid)).toMatchObject({
      memory: edited,
      memory_source: 'edited',
      author_note: note,
      pinned_facts: [fact],
    });

    // A reload shows what was saved.
    await page.reload();
    await page.getByText(t.title, { exact: true }).click();
    await expect.poll(() => page.getByLabel(t.noteLabel, { exact: true }).inputValue()).toBe(note);

    // Continue: the new chapter arrives; the memory then covers it.
    await page.getByRole('button', { name: fill(reader.continue, { cost: 3 }) }).click();
    await page.getByRole('heading', { level: 3, name: fill(reader.chapter, { number: 2 }) }).waitFor({ timeout: 40_000 });
    await expect.poll(async () => (await details(session, uid)).novel.generate_status, { timeout: 40_000, interval: 300 }).toBe('done');
    expect((await details(session, uid)).chapters).toHaveLength(2);
    await expect.poll(async () => (await memoryOf(session, uid)).memory_chapters, { timeout: 20_000, interval: 300 }).toBe(2);
    // The extract of chapter 2 is built on the author's version of the memory.
    expect((await memoryOf(session, uid)).memory).toContain(edited);
    await context.close();
  });
});
