import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type enReader from '../../web/src/locales/en/reader.json';
import type enWallet from '../../web/src/locales/en/wallet.json';
import { DESKTOP, launch, newPage, PHONE, snap } from './browser';
import { callApi, signUp, useSession, type Session } from './fixtures';
import { texts } from './locales';
import { expectGrowingText, fill, grantButter, storyLength } from './story';

type Lang = 'en' | 'ja';
type Texts = (typeof texts)['en'] & typeof enReader & typeof enWallet;
const textsOf = (lang: Lang) => texts[lang] as unknown as Texts;

/** Starts a story through the API as the generation form would; a new account's 6 Butter pay for it. */
async function startStory(session: Session, language: Lang, plot: string): Promise<string> {
  const started = await callApi<{ novel_uid: string; generate_status: string; balance: number }>('POST', '/novel/generate/', {
    token: session.tokens.access,
    body: {
      params: {
        char_a_name: language === 'ja' ? '湊' : 'Ines',
        char_a_setting: language === 'ja' ? '灯台守。30歳。慎重で、関係を主導する側。' : 'A lighthouse keeper of 34 who trusts nobody.',
        char_b_name: language === 'ja' ? '朔' : 'Tomas',
        char_b_setting:
          language === 'ja' ? '難破した地図職人。28歳。まっすぐで頑固。' : 'A shipwrecked cartographer of 31, stubborn and warm.',
        plot,
      },
      is_r18: 0,
      dialogue_heavy: 1,
      first_person: 0,
      language,
      model: 'v1',
    },
  });
  expect(started.generate_status).toBe('generating');
  expect(started.balance).toBe(0);
  return started.novel_uid;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).first().textContent();
const onPath = (page: Page, test: (pathname: string) => boolean) => page.waitForURL((url) => test(url.pathname));
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const savedEdit = (page: Page, uid: string) =>
  page.evaluate(
    (key) => JSON.parse(window.localStorage.getItem(key) ?? 'null') as { title: string; content: string } | null,
    `saved_article:${uid}`,
  );

/**
 * The whole life of a story in the browser: the works list while it is
 * written, the reader streaming it, copy with the source line, continue
 * (first without Butter, then with), edit with a reload in between, stop
 * (when asked) and generate again.
 */
async function followStory(lang: Lang, viewport: { width: number; height: number }, plot: string, withStop = false) {
  const t = textsOf(lang);
  const device = viewport === PHONE ? 'phone' : 'desktop';
  const shot = (name: string) => `reader-${lang}-${name}-${device}`;
  const session = await signUp(lang);
  const { context, page } = await newPage(browser, { locale: lang === 'ja' ? 'ja-JP' : 'en-US', viewport });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await useSession(page, session);

  // No stories yet: the empty state leads to the generation form.
  await page.goto('/user/work');
  await expect.poll(() => h1(page)).toBe(t.screens.works);
  await page.getByRole('heading', { name: t.works.empty }).waitFor();
  expect(await page.getByRole('link', { name: t.works.create }).getAttribute('href')).toBe('/article/create');
  await snap(page, shot('works-empty'));

  // A story started a moment ago is on the list, marked as being written.
  const uid = await startStory(session, lang, plot);
  const title = Array.from(plot).slice(0, 12).join('');
  await page.reload();
  const row = page.getByRole('link', { name: new RegExp(`^${escapeRegExp(title)}`) });
  await row.waitFor();
  expect(await row.getAttribute('href')).toBe(`/myworks/detail/${uid}`);
  expect(await row.textContent()).toContain(t.works.status.generating);
  expect(await row.locator('.status-dot').count()).toBe(1);
  expect(await row.getByText(t.works.offlineWriter).isVisible()).toBe(true);
  await snap(page, shot('works-generating'));

  // The reader: the text streams in and grows.
  await row.click();
  await onPath(page, (p) => p === `/myworks/detail/${uid}`);
  await expect.poll(() => h1(page)).toBe(t.screens.work);
  await page.getByRole('heading', { level: 2, name: title }).waitFor();
  await expectGrowingText(page, t.reader.writingHint, t.reader.stop);
  await snap(page, shot('streaming'));

  // Done: the whole chapter, labelled as the offline writer's, and Continue with its cost.
  const continueButton = page.getByRole('button', { name: fill(t.reader.continue, { cost: 3 }) });
  await expect.poll(() => continueButton.isEnabled(), { timeout: 30_000 }).toBe(true);
  expect(await page.getByText(t.reader.writingHint).count()).toBe(0);
  expect(await page.getByText(t.reader.offlineWriter, { exact: true }).isVisible()).toBe(true);
  const saved = await callApi<{ chapters: { content: string }[] }>('GET', `/novel/details/?novel_uid=${uid}`, {
    token: session.tokens.access,
  });
  const firstChapter = saved.chapters[0]!.content;
  expect(firstChapter.length).toBeGreaterThan(300);
  expect(await storyLength(page)).toBe(firstChapter.replace(/\s+/g, '').length);
  await snap(page, shot('done'));

  // A− / A+ change the reading size, and it is remembered.
  const storyFontSize = () => page.locator('.story').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  const normal = await storyFontSize();
  await page.getByRole('button', { name: t.reader.larger }).click();
  await expect.poll(storyFontSize).toBeGreaterThan(normal);
  expect(await page.evaluate(() => window.localStorage.getItem('reader_text_size'))).toBe('2');
  await page.getByRole('button', { name: t.reader.smaller }).click();
  await expect.poll(storyFontSize).toBe(normal);

  // Copy: the story and the source line; the tooltip shows for 1.5 s.
  await page.getByRole('button', { name: t.reader.copy, exact: true }).click();
  const tooltip = page.getByRole('status').filter({ hasText: t.reader.copied });
  await tooltip.waitFor();
  await snap(page, shot('copied'));
  const copied = await clipboard(page);
  expect(copied).toContain(Array.from(firstChapter).slice(0, 40).join(''));
  // Not yet published and not from a persona: the source line links the home page, never the author-only work reader.
  expect(copied).toContain(`— ${fill(t.reader.copySource, { url: `${inject('baseUrl')}/` })}`);
  expect(copied).not.toContain('/myworks/');
  await expect.poll(() => tooltip.count(), { timeout: 3000 }).toBe(0);

  // Continue without Butter (the first story used all 6): the insufficient-Butter dialog.
  await continueButton.click();
  const dialog = page.getByRole('dialog', { name: t.wallet.insufficientTitle });
  await dialog.waitFor();
  await snap(page, shot('no-butter'));
  await dialog.getByRole('button', { name: t.common.cancel }).click();
  await dialog.waitFor({ state: 'detached' });

  // With Butter: a second chapter streams in under its heading.
  await grantButter(session.email, 10);
  await continueButton.click();
  await page.getByText(t.reader.continuingHint, { exact: true }).waitFor();
  await page.getByRole('heading', { level: 3, name: fill(t.reader.chapter, { number: 2 }) }).waitFor();
  await expectGrowingText(page, t.reader.continuingHint);
  await snap(page, shot('continuing'));

  // The works list says "continuing" and turns "done" by itself (it is asked again every 3 s).
  await page.goBack();
  await onPath(page, (p) => p === '/user/work');
  const status = async () => (await row.textContent()) ?? '';
  await expect.poll(status).toContain(t.works.status.continuing);
  await expect.poll(status, { timeout: 30_000 }).toContain(t.works.status.done);
  expect(await row.locator('.status-dot').count()).toBe(0);
  await snap(page, shot('works-done'));

  // Edit the last chapter; the unsaved text survives a reload, then Save keeps it for good.
  await row.click();
  await continueButton.waitFor();
  await page.getByRole('button', { name: t.reader.edit, exact: true }).click();
  const editor = page.getByRole('textbox', { name: t.reader.editLabel });
  const original = await editor.inputValue();
  expect(original.length).toBeGreaterThan(300);
  const ending = lang === 'ja' ? '――そして二人は、灯りを消さずに朝を待った。' : 'And so they kept the lamp burning until morning.';
  await editor.fill(`${original}\n\n${ending}`);
  expect(await savedEdit(page, uid)).toEqual({ title, content: `${original}\n\n${ending}` });
  await snap(page, shot('editing'));
  await page.reload();
  await expect.poll(() => editor.inputValue()).toBe(`${original}\n\n${ending}`);
  expect(await page.getByText(t.reader.restoredEdit).isVisible()).toBe(true);
  await page.getByRole('button', { name: t.reader.save, exact: true }).click();
  await page.getByText(t.reader.saved).waitFor();
  expect(await editor.count()).toBe(0);
  expect(await savedEdit(page, uid)).toBeNull();
  await page.reload();
  await page.getByText(ending, { exact: true }).waitFor();
  await snap(page, shot('edited'));

  if (withStop) {
    // Stop while a third chapter is written: the text so far stays, and Continue comes back.
    await continueButton.click();
    await page.getByRole('heading', { level: 3, name: fill(t.reader.chapter, { number: 3 }) }).waitFor();
    const thirdSaved = async () =>
      (await callApi<{ chapters: { content: string }[] }>('GET', `/novel/details/?novel_uid=${uid}`, { token: session.tokens.access }))
        .chapters[2]?.content.length ?? 0;
    await expect.poll(thirdSaved, { timeout: 10_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: t.reader.stop, exact: true }).click();
    await page.getByText(t.reader.stopped).waitFor();
    await expect.poll(() => continueButton.isEnabled(), { timeout: 10_000 }).toBe(true);
    const after = await callApi<{ novel: { generate_status: string }; chapters: { content: string }[] }>(
      'GET',
      `/novel/details/?novel_uid=${uid}`,
      { token: session.tokens.access },
    );
    expect(after.novel.generate_status).toBe('done');
    const third = after.chapters[2]!.content;
    expect(third.length).toBeGreaterThan(0);
    await expect
      .poll(async () => (await page.locator('[data-chapter="2"]').innerText()).includes(third.split('\n\n').at(-1)!.trim()))
      .toBe(true);
    await snap(page, shot('stopped'));
  }

  // Generate again opens the form prefilled from this story.
  await page.getByRole('link', { name: t.reader.again }).click();
  await onPath(page, (p) => p === `/article/create/${uid}`);
  await context.close();
  return { uid, session, title };
}

/** A story's whole life is three chapters written, read and edited: more than the suite's 60 s on a loaded machine. */
const STORY_LIFE_MS = 120_000;

describe('the work reader in en-US on a phone', () => {
  it(
    'streams a story, copies it with its source, continues, edits and generates again',
    async () => {
      await followStory('en', PHONE, 'A storm traps them in the lighthouse, and the radio is dead until morning.', true);
    },
    STORY_LIFE_MS,
  );
});

describe('the readers in ja-JP on a desktop', () => {
  it(
    'streams a Japanese story in the work reader and shows it with chapters in the novel reader',
    async () => {
      const plot =
        '嵐の夜、岬の灯台に閉じ込められた二人は、無線が戻る夜明けまで互いの秘密を一つずつ打ち明け合うことになる。' +
        '灯りを守る者と、海から流れ着いた者。信じるには遠すぎて、突き放すには近すぎる距離のまま、長い夜が静かに更けていく。' +
        'やがて二人は、灯台の記録簿に残された古い手紙を見つけ、それが自分たちの過去と奇妙に重なっていることに気づく。';
      const { uid, title, session } = await followStory('ja', DESKTOP, plot);
      const t = textsOf('ja');

      // Someone else may not read an unpublished story; an unknown one is gone.
      const stranger = await signUp('ja');
      const { context, page } = await newPage(browser, { locale: 'ja-JP', viewport: DESKTOP });
      await useSession(page, stranger);
      await page.goto(`/article/detail/${uid}`);
      await page.getByRole('heading', { name: t.reader.forbidden }).waitFor();
      await snap(page, 'reader-ja-novel-forbidden-desktop');
      await page.goto('/article/detail/no-such-novel');
      await page.getByRole('heading', { name: t.reader.gone }).waitFor();
      await context.close();

      // Logged out, the private story asks to log in.
      const visitor = await newPage(browser, { locale: 'ja-JP', viewport: PHONE });
      await visitor.page.goto(`/article/detail/${uid}`);
      await visitor.page.getByRole('heading', { name: t.reader.forbidden }).waitFor();
      expect(await visitor.page.getByRole('link', { name: t.reader.login }).getAttribute('href')).toBe('/login');
      await visitor.context.close();

      // Its author may always read it: chapters under headings, tags as chips (here in the dark theme).
      const own = await newPage(browser, { locale: 'ja-JP', viewport: DESKTOP });
      await useSession(own.page, session);
      await own.page.emulateMedia({ colorScheme: 'dark' });
      await own.page.goto(`/article/detail/${uid}`);
      await expect.poll(() => h1(own.page)).toBe(t.screens.novel);
      await own.page.getByRole('heading', { level: 2, name: title }).waitFor();
      expect(await own.page.getByRole('heading', { level: 3, name: fill(t.reader.chapter, { number: 1 }) }).isVisible()).toBe(true);
      expect(await own.page.getByRole('heading', { level: 3, name: fill(t.reader.chapter, { number: 2 }) }).isVisible()).toBe(true);
      const tags = own.page.getByRole('list', { name: t.reader.tags }).getByRole('listitem');
      expect(await tags.allTextContents()).toEqual([t.reader.tag.notR18, t.reader.tag.thirdPerson, t.reader.tag.conversation]);
      expect(
        await own.page
          .locator('.story')
          .evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) / parseFloat(getComputedStyle(el).fontSize)),
      ).toBeCloseTo(1.9, 1);
      await snap(own.page, 'reader-ja-novel-desktop-dark');
      await own.context.close();
    },
    STORY_LIFE_MS,
  );
});
