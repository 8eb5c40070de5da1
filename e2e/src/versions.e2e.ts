import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type enReader from '../../web/src/locales/en/reader.json';
import type enWallet from '../../web/src/locales/en/wallet.json';
import { launch, newPage, PHONE, snap } from './browser';
import { callApi, signUp, useSession, type Session } from './fixtures';
import { texts } from './locales';
import { expectGrowingText, fill, grantButter, storyLength } from './story';

// Chapter versions in the work reader (issue 15): rewrite a chapter and watch it stream, switch between the
// versions (buttons, arrow keys, a horizontal swipe on a touch screen), reload, and continue on the chosen branch.

type Lang = 'en' | 'ja';
type Texts = (typeof texts)['en'] & typeof enReader & typeof enWallet;
const textsOf = (lang: Lang) => texts[lang] as unknown as Texts;

const DESKTOP_800 = { width: 1280, height: 800 };

type Details = {
  novel: { generate_status: string; word_count: number };
  chapters: { index: number; content: string; version: number; versions: number }[];
};
const details = (session: Session, uid: string) =>
  callApi<Details>('GET', `/novel/details/?novel_uid=${uid}`, { token: session.tokens.access });
async function finished(session: Session, uid: string): Promise<Details> {
  await expect.poll(async () => (await details(session, uid)).novel.generate_status, { timeout: 40_000, interval: 300 }).toBe('done');
  return details(session, uid);
}

/** A finished two-chapter story, written through the API as the form and the Continue button would. */
async function twoChapters(session: Session, lang: Lang): Promise<string> {
  const started = await callApi<{ novel_uid: string }>('POST', '/novel/generate/', {
    token: session.tokens.access,
    body: {
      params: {
        char_a_name: lang === 'ja' ? '湊' : 'Ines',
        char_a_setting: lang === 'ja' ? '灯台守。30歳。慎重。' : 'A lighthouse keeper of 34.',
        char_b_name: lang === 'ja' ? '朔' : 'Tomas',
        char_b_setting: lang === 'ja' ? '難破した地図職人。28歳。' : 'A shipwrecked cartographer of 31.',
        plot: lang === 'ja' ? '嵐の夜、二人は灯台で夜明けを待つ。' : 'A storm keeps them in the lighthouse until morning.',
      },
      is_r18: 0,
      dialogue_heavy: 0,
      first_person: 0,
      language: lang,
      model: 'v1',
    },
  });
  await grantButter(session.email, 12);
  await finished(session, started.novel_uid);
  await callApi('POST', '/novel/continuation/', { token: session.tokens.access, body: { novel_uid: started.novel_uid } });
  await finished(session, started.novel_uid);
  return started.novel_uid;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The story's own text (its paragraphs; not the headings or the version and rewrite controls). */
const chapterText = async (page: Page, index: number) =>
  (await page.locator(`[data-chapter="${index}"] p`).allInnerTexts()).join('').replace(/\s+/g, '');
const squash = (text: string) => text.replace(/\s+/g, '');
/** The last paragraph of a chapter: enough to tell one version from another. */
const ending = (text: string) => squash(text.split('\n\n').at(-1) ?? '');

/** A finger moving sideways across the chapter (Chrome DevTools Protocol touch events, as a phone sends them). */
async function swipe(page: Page, target: Locator, direction: 'left' | 'right') {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  const viewport = page.viewportSize()!;
  const top = Math.max(box.y, 0);
  const y = Math.min(top + 80, Math.min(box.y + box.height, viewport.height) - 20);
  const [from, to] =
    direction === 'left' ? [box.x + box.width * 0.85, box.x + box.width * 0.15] : [box.x + box.width * 0.15, box.x + box.width * 0.85];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
  for (let i = 1; i <= 6; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from + ((to - from) * i) / 6, y: y + i }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function versionsInReader(lang: Lang, viewport: { width: number; height: number }, touch: boolean) {
  const t = textsOf(lang);
  const device = viewport === PHONE ? 'phone' : 'desktop';
  const shot = (name: string) => `versions-${lang}-${name}-${device}`;
  /** The screen at this size and, when screenshots are kept, at the other size too (390×844 and 1280×800). */
  const snapBoth = async (name: string) => {
    await snap(page, shot(name));
    if (!process.env.E2E_SCREENSHOTS) return;
    const other = viewport === PHONE ? DESKTOP_800 : PHONE;
    await page.setViewportSize(other);
    await snap(page, `versions-${lang}-${name}-${other === PHONE ? 'phone' : 'desktop'}`);
    await page.setViewportSize(viewport);
  };
  const session = await signUp(lang);
  const uid = await twoChapters(session, lang);
  const original = (await details(session, uid)).chapters;
  expect(original.map((c) => `${c.version}/${c.versions}`)).toEqual(['1/1', '1/1']);

  const { context, page } = await newPage(browser, { locale: lang === 'ja' ? 'ja-JP' : 'en-US', viewport, hasTouch: touch });
  await useSession(page, session);
  await page.goto(`/myworks/detail/${uid}`);
  await page.getByRole('heading', { level: 3, name: fill(t.reader.chapter, { number: 2 }) }).waitFor();
  await snap(page, shot('two-chapters'));

  // Rewrite chapter 1: its new version streams in where it was; chapter 2 stays with the old version.
  await page.getByRole('button', { name: fill(t.reader.rewriteLabel, { number: 1, cost: 3 }), exact: true }).click();
  await page.getByText(fill(t.reader.rewriteStarted, { number: 1 })).waitFor();
  const hint = fill(t.reader.rewritingHint, { number: 1 });
  await page.getByText(hint, { exact: true }).waitFor();
  expect(await page.locator('[data-chapter="1"]').count()).toBe(0);
  await expectGrowingText(page, hint, t.reader.stop);
  await snapBoth('rewriting');

  const versions = page.getByRole('group', { name: fill(t.reader.versions.label, { number: 1 }) });
  const count = (version: number) => fill(t.reader.versions.count, { version, versions: 2 });
  const continueButton = page.getByRole('button', { name: fill(t.reader.continue, { cost: 3 }) });
  await expect.poll(() => continueButton.isEnabled(), { timeout: 40_000 }).toBe(true);
  await expect.poll(() => versions.innerText()).toContain(count(2));
  expect(await versions.getByText(fill(t.reader.versions.status, { version: 2, versions: 2 })).count()).toBe(1);
  const rewritten = (await details(session, uid)).chapters;
  expect(rewritten).toHaveLength(1);
  expect(squash(rewritten[0]!.content)).not.toBe(squash(original[0]!.content));
  expect(await storyLength(page)).toBe(squash(rewritten[0]!.content).length);
  await snapBoth('rewritten');

  // Previous: version 1 comes back with its own chapter 2.
  const previous = versions.getByRole('button', { name: t.reader.versions.previous });
  const next = versions.getByRole('button', { name: t.reader.versions.next });
  expect(await next.getAttribute('aria-disabled')).toBe('true');
  await previous.click();
  await expect.poll(() => versions.innerText()).toContain(count(1));
  await page.locator('[data-chapter="1"]').waitFor();
  expect(await chapterText(page, 0)).toBe(squash(original[0]!.content));
  expect(await chapterText(page, 1)).toContain(ending(original[1]!.content));
  await snapBoth('version-1');

  // Back to version 2 (a swipe to the left on a phone, the arrow key on a desktop), then to 1 again.
  if (touch) await swipe(page, page.locator('[data-chapter="0"]'), 'left');
  else {
    await previous.focus();
    expect(await previous.getAttribute('aria-disabled')).toBe('true');
    await next.focus();
    await page.keyboard.press('ArrowRight');
  }
  await expect.poll(() => versions.innerText()).toContain(count(2));
  await expect.poll(() => page.locator('[data-chapter="1"]').count()).toBe(0);
  if (touch) await swipe(page, page.locator('[data-chapter="0"]'), 'right');
  else await page.keyboard.press('ArrowLeft');
  await expect.poll(() => versions.innerText()).toContain(count(1));
  await page.locator('[data-chapter="1"]').waitFor();

  // The choice is kept on the server: a reload shows version 1 and its chapter 2.
  await page.reload();
  await expect.poll(() => versions.innerText(), { timeout: 10_000 }).toContain(count(1));
  expect(await chapterText(page, 1)).toContain(ending(original[1]!.content));

  // Continue on version 2: the new chapter 2 follows it.
  await next.click();
  await expect.poll(() => versions.innerText()).toContain(count(2));
  await expect.poll(() => page.locator('[data-chapter="1"]').count()).toBe(0);
  await continueButton.click();
  await page.getByText(t.reader.continuingHint, { exact: true }).waitFor();
  await page.locator('[data-chapter="1"]').waitFor();
  await snap(page, shot('continuing-branch'));
  await expect.poll(() => continueButton.isEnabled(), { timeout: 40_000 }).toBe(true);
  const branch = (await details(session, uid)).chapters;
  expect(branch.map((c) => `${c.version}/${c.versions}`)).toEqual(['2/2', '1/1']);
  expect(squash(branch[0]!.content)).toBe(squash(rewritten[0]!.content));
  expect(squash(branch[1]!.content)).not.toBe(squash(original[1]!.content));
  await expect.poll(() => chapterText(page, 1)).toContain(ending(branch[1]!.content));

  // Nothing was lost: version 1 still has its own chapter 2, version 2 the new one.
  await previous.click();
  await expect.poll(() => versions.innerText()).toContain(count(1));
  await expect.poll(() => chapterText(page, 1)).toContain(ending(original[1]!.content));
  await next.click();
  await expect.poll(() => chapterText(page, 1)).toContain(ending(branch[1]!.content));
  await snapBoth('branch');

  // 12 granted: a continuation, the rewrite and the continuation on the branch at 3 each.
  const info = await callApi<{ balance: number }>('GET', '/user/info/', { token: session.tokens.access });
  expect(info.balance).toBe(3);
  await context.close();
}

describe('chapter versions in en-US on a phone', () => {
  it('rewrites a chapter, swipes between versions, reloads and continues on the chosen branch', async () => {
    await versionsInReader('en', PHONE, true);
  }, 180_000);
});

describe('chapter versions in ja-JP on a desktop', () => {
  it('rewrites a chapter, switches versions with buttons and arrow keys, reloads and continues on the chosen branch', async () => {
    await versionsInReader('ja', DESKTOP_800, false);
  }, 180_000);
});
