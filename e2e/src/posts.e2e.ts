import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type enPosts from '../../web/src/locales/en/posts.json';
import type enReader from '../../web/src/locales/en/reader.json';
import { DESKTOP, launch, newPage, PHONE, snap } from './browser';
import { callApi, signUp, useSession, type Session } from './fixtures';
import { texts } from './locales';
import { fill } from './story';

type Lang = 'en' | 'zh-TW';
type Texts = (typeof texts)['en'] & typeof enPosts & typeof enReader;
const textsOf = (lang: Lang) => texts[lang] as unknown as Texts;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const STORIES: Record<Lang, { a: string; b: string; aSetting: string; bSetting: string; plot: string; title: string; ending: string }> = {
  en: {
    a: 'Ines',
    b: 'Tomas',
    aSetting: 'A lighthouse keeper of 34.',
    bSetting: 'A shipwrecked cartographer of 31.',
    plot: 'A storm strands a cartographer on a lighthouse island for one long week.',
    title: 'Seven Nights of Storm',
    ending: 'And the lamp kept turning.',
  },
  'zh-TW': {
    a: '阿湊',
    b: '小朔',
    aSetting: '燈塔看守人，三十四歲，沉默寡言。',
    bSetting: '漂流上岸的地圖繪製師，三十一歲。',
    plot: '颱風夜裡，燈塔看守人收留了一位漂流上岸的地圖繪製師，兩人被困了整整一週。',
    title: '七夜颱風',
    ending: '燈塔的光，一夜未熄。',
  },
};

/** A finished story of `session`, written by the offline writer, started as the generation form would. */
async function writeStory(session: Session, lang: Lang): Promise<string> {
  const s = STORIES[lang];
  const started = await callApi<{ novel_uid: string }>('POST', '/novel/generate/', {
    token: session.tokens.access,
    body: {
      params: { char_a_name: s.a, char_a_setting: s.aSetting, char_b_name: s.b, char_b_setting: s.bSetting, plot: s.plot },
      is_r18: 0,
      dialogue_heavy: 0,
      first_person: 0,
      language: lang,
      model: 'v1',
    },
  });
  await expect
    .poll(
      async () =>
        (
          await callApi<{ novel: { generate_status: string } }>('GET', `/novel/details/?novel_uid=${started.novel_uid}`, {
            token: session.tokens.access,
          })
        ).novel.generate_status,
      { timeout: 40_000, interval: 500 },
    )
    .toBe('done');
  return started.novel_uid;
}

/** Pen names (server/src/lib/pen-names.ts): "Quiet Willow 482" in English, "月下書客482" in Traditional Chinese. */
const PEN_NAME: Record<Lang, RegExp> = { en: /^[A-Z][a-z]+ [A-Z][a-z]+ \d{2,4}$/, 'zh-TW': /^\p{Script=Han}{4}\d{2,4}$/u };
const localPart = (session: Session) => session.email.split('@')[0]!;

const myPosts = (session: Session) =>
  callApi<{ results: { uid: string; title: string; is_public: number }[] }>('GET', '/post/mine/', { token: session.tokens.access });
const viewsText = (page: Page) => page.locator('.post-meta .post-views').innerText();

async function publishAndRead(lang: Lang, viewport: { width: number; height: number }) {
  const t = textsOf(lang);
  const s = STORIES[lang];
  const device = viewport === PHONE ? 'phone' : 'desktop';
  const shot = (name: string) => `posts-${lang}-${name}-${device}`;
  const locale = lang === 'en' ? 'en-US' : 'zh-TW';
  const author = await signUp(lang);
  const novelUid = await writeStory(author, lang);

  // The work reader's Publish action opens the post form, prefilled from the story.
  const { context, page } = await newPage(browser, { locale, viewport });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await useSession(page, author);
  await page.goto(`/myworks/detail/${novelUid}`);
  // The action bar has Publish where there is room; the prompt after the story has it everywhere.
  const barPublish = page.getByRole('group', { name: t.reader.actions }).getByRole('link', { name: t.posts.publishAction, exact: true });
  await page.getByRole('link', { name: t.posts.publishStory }).waitFor();
  expect(await barPublish.isVisible()).toBe(viewport === DESKTOP);
  await snap(page, shot('work-reader'));
  await page.getByRole('link', { name: t.posts.publishStory }).click();
  await page.waitForURL((url) => url.pathname === `/newpost/bind/${novelUid}`);
  const title = page.getByRole('textbox', { name: t.posts.titleLabel });
  const content = page.getByRole('textbox', { name: t.posts.contentLabel });
  await expect.poll(() => title.inputValue()).toBe(Array.from(s.plot).slice(0, 12).join(''));
  const story = await content.inputValue();
  expect(story.length).toBeGreaterThan(200);
  await snap(page, shot('form-prefilled'));

  // An empty title shows the prompt and sends nothing.
  await title.fill('');
  await page.getByRole('button', { name: t.posts.publish, exact: true }).click();
  await page.getByText(t.posts.enterTitle).waitFor();
  expect(await title.getAttribute('aria-invalid')).toBe('true');
  expect((await myPosts(author)).results).toEqual([]);
  await snap(page, shot('form-empty-title'));

  // Leaving with changes asks whether to save a draft: Save keeps it as a draft.
  await title.fill(s.title);
  await content.fill(`${story}\n\n${s.ending}`);
  await page.getByRole('button', { name: t.common.back }).click();
  const dialog = page.getByRole('dialog', { name: t.posts.leaveTitle });
  await dialog.waitFor();
  await snap(page, shot('leave-dialog'));
  await dialog.getByRole('button', { name: t.posts.save, exact: true }).click();
  await page.waitForURL((url) => url.pathname === `/myworks/detail/${novelUid}`);
  await expect.poll(async () => (await myPosts(author)).results.map((p) => [p.title, p.is_public])).toEqual([[s.title, 0]]);
  const postUid = (await myPosts(author)).results[0]!.uid;

  // My posts: the draft; open it, edit it, publish it.
  await page.goto('/user/post');
  const row = page.getByRole('link', { name: s.title });
  await row.waitFor();
  expect(await row.innerText()).toContain(t.posts.draft);
  await snap(page, shot('my-posts'));
  await row.click();
  await page.waitForURL((url) => url.pathname === `/myposts/detail/${postUid}`);
  await page.getByRole('link', { name: t.posts.edit, exact: true }).click();
  await expect.poll(() => title.inputValue()).toBe(s.title);
  expect(await content.inputValue()).toBe(`${story}\n\n${s.ending}`);
  await title.fill(`${s.title}!`);
  await page.getByRole('button', { name: t.posts.publish, exact: true }).click();
  await page.getByText(t.posts.published).waitFor();
  await page.getByRole('heading', { level: 2, name: `${s.title}!` }).waitFor();
  expect(await page.locator('.post-state').innerText()).toBe(t.posts.public);
  expect(await viewsText(page)).toBe(fill(t.posts.views_other, { count: 0 }));
  await snap(page, shot('my-post-public'));
  await page.getByRole('button', { name: t.posts.copyLink }).click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(`${inject('baseUrl')}/explore/post/${postUid}`);

  // A second account finds it in the Read tab, in its own language by default, and opens it.
  const reader = await signUp(lang);
  const other = await newPage(browser, { locale, viewport });
  await useSession(other.page, reader);
  await other.page.goto('/explore');
  await other.page.getByRole('navigation').getByRole('link', { name: t.posts.tabs.read, exact: true }).click();
  await other.page.waitForURL((url) => url.pathname === '/read');
  const langChip = other.page.getByRole('radio', { name: lang === 'en' ? 'English' : '繁體中文' });
  expect(await langChip.getAttribute('aria-checked')).toBe('true');
  const card = other.page.getByRole('link', { name: `${s.title}!` });
  await card.waitFor();
  await snap(other.page, shot('read-feed'));
  await card.click();
  await other.page.waitForURL((url) => url.pathname === `/explore/post/${postUid}`);
  await other.page.getByRole('heading', { level: 2, name: `${s.title}!` }).waitFor();
  expect(await other.page.getByText(`@${author.name}`).isVisible()).toBe(true);
  // The byline is the author's pen name, two words in the author's language and a number, and nothing
  // on the page comes from the author's e-mail address (issue 25).
  expect(author.name).toMatch(PEN_NAME[lang]);
  expect(await other.page.locator('body').innerText()).not.toContain(localPart(author));
  expect(await other.page.getByText(s.ending).isVisible()).toBe(true);
  expect(await other.page.getByText(t.posts.provenance.app).isVisible()).toBe(true);
  await snap(other.page, shot('post-reader'));

  // The author sees the count rise once, however often that reader comes back.
  await other.page.reload();
  await other.page.getByRole('heading', { level: 2, name: `${s.title}!` }).waitFor();
  const one = fill(t.posts.views_one, { count: 1 });
  await expect
    .poll(
      async () => {
        await page.reload();
        return viewsText(page);
      },
      { timeout: 15_000, interval: 1000 },
    )
    .toBe(one);
  await new Promise((r) => setTimeout(r, 3000));
  await page.reload();
  expect(await viewsText(page)).toBe(one);
  await other.context.close();

  // A visitor opens the shared link: the page previews the story, and reads it without an account.
  const html = await (await fetch(link)).text();
  expect(html).toContain(`<meta property="og:title" content="${s.title}! · Butterfic" />`);
  expect(html).toContain(`<meta property="og:url" content="`);
  const visitor = await newPage(browser, { locale, viewport });
  await visitor.page.goto(link);
  await visitor.page.getByRole('heading', { level: 2, name: `${s.title}!` }).waitFor();
  expect(await visitor.page.title()).toBe(`${s.title}! · Butterfic`);
  expect(await visitor.page.getByText(`@${author.name}`).isVisible()).toBe(true);
  expect(await visitor.page.locator('body').innerText()).not.toContain(localPart(author));
  expect(html).not.toContain(localPart(author));
  await snap(visitor.page, shot('visitor'));
  await visitor.context.close();
  await context.close();
}

describe('posts in en-US on a phone', () => {
  it('publishes a generated story, edits it, and a second account and a visitor read it', async () => {
    await publishAndRead('en', PHONE);
  });
});

describe('posts in zh-TW on a desktop', () => {
  it('publishes a generated story, edits it, and a second account and a visitor read it', async () => {
    await publishAndRead('zh-TW', DESKTOP);
  });
});
