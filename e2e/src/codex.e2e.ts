import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type enCodex from '../../web/src/locales/en/codex.json';
import type enReader from '../../web/src/locales/en/reader.json';
import { launch, newPage, PHONE, snap } from './browser';
import { callApi, signUp, useSession, type Session } from './fixtures';
import { texts } from './locales';
import { fill, writtenStory } from './story';

// The codex on the work reader (issue 49), on a phone: add an entry with an alias, put the alias in
// the author's note, write the next chapter, and see the entry in the view of what the model saw.

type Lang = 'en' | 'ja';
type Texts = (typeof texts)['en'] & typeof enReader & typeof enCodex;
const textsOf = (lang: Lang) => texts[lang] as unknown as Texts;

type Details = { novel: { generate_status: string }; chapters: { content: string }[] };
type Codex = { entries: { name: string; aliases: string[]; text: string }[] };
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
  return uid;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(['en', 'ja'] as const)('the codex in %s on a phone', (lang) => {
  it('adds an entry with an alias, writes the next chapter and shows the entry in what the model saw', async () => {
    const t = textsOf(lang).codex;
    const reader = textsOf(lang).reader;
    const shot = (name: string) => `codex-${lang}-${name}-phone`;
    const session = await signUp(lang);
    const uid = await story(session, lang);
    const { context, page } = await newPage(browser, { locale: lang === 'ja' ? 'ja-JP' : 'en-US', viewport: PHONE });
    await useSession(page, session);
    await page.goto(`/myworks/detail/${uid}`);

    await page.getByText(t.title, { exact: true }).click();
    // The two characters are there from the start.
    await page.getByRole('button', { name: fill(t.edit, { name: lang === 'ja' ? '湊' : 'Ines' }) }).waitFor();
    await page.getByRole('button', { name: t.add }).click();
    const name = lang === 'ja' ? '真鍮の鍵' : 'Marrow Key';
    const alias = lang === 'ja' ? '古い鍵' : 'the brass key';
    const text = lang === 'ja' ? '灯室を開ける鍵。湊の祖父のもの。' : 'Opens the lamp room. It was her grandfather’s.';
    await page.getByLabel(t.nameLabel, { exact: true }).fill(name);
    await page.getByLabel(t.aliasesLabel, { exact: true }).fill(alias);
    await page.getByLabel(t.textLabel, { exact: true }).fill(text);
    await snap(page, shot('entry'));
    await page.getByRole('button', { name: t.save }).click();
    await page.getByText(t.saved).waitFor();
    await page.getByRole('button', { name: fill(t.edit, { name }) }).waitFor();
    const saved = await callApi<Codex>('GET', `/novel/codex/?novel_uid=${uid}`, { token: session.tokens.access });
    expect(saved.entries.at(-1)).toMatchObject({ name, aliases: [alias], text });

    // The alias stands in the author's note: the entry goes into the next chapter's prompt.
    const note = lang === 'ja' ? `次の章：朔が${alias}を見つける。` : `Next: Tomas finds ${alias} under the stairs.`;
    await callApi('POST', '/novel/memory/', { token: session.tokens.access, body: { novel_uid: uid, author_note: note } });
    await page.getByRole('button', { name: fill(reader.continue, { cost: 3 }) }).click();
    await page.getByRole('heading', { level: 3, name: fill(reader.chapter, { number: 2 }) }).waitFor({ timeout: 40_000 });
    await expect.poll(async () => (await details(session, uid)).novel.generate_status, { timeout: 40_000, interval: 300 }).toBe('done');

    await page.getByText(t.context.title, { exact: true }).click();
    const part = page.getByText(`${t.context.kinds.codex}: ${name}`, { exact: true });
    await part.waitFor({ timeout: 20_000 });
    await part.click();
    await page.locator('.context-text', { hasText: text }).waitFor();
    await snap(page, shot('context'));
    // The codex marks the entries that went into the chapter shown (the reader may have redrawn the panel closed).
    const panel = page.locator('details.codex-panel');
    if (!(await panel.evaluate((d) => (d as HTMLDetailsElement).open))) await page.getByText(t.title, { exact: true }).click();
    await page
      .getByText(fill(t.usedIn, { number: 2 }))
      .first()
      .waitFor();
    await context.close();
  });
});
