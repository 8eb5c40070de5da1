import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type enPosts from '../../web/src/locales/en/posts.json';
import type enReading from '../../web/src/locales/en/reading.json';
import { DESKTOP, launch, newPage, PHONE, snap } from './browser';
import { callApi, signUp, useSession, type Session } from './fixtures';
import { texts } from './locales';
import { fill } from './story';

/**
 * Issue 51 in the browser: tag a post, find it by tag, hide it by an excluded tag, give kudos, comment
 * and reply, bookmark, follow its author and see the next post in the inbox, mute the author and see the
 * feed without them — on a phone in Traditional Chinese and on a desktop in English, axe-clean.
 */
type Lang = 'en' | 'zh-TW';
type Texts = (typeof texts)['en'] & typeof enPosts & typeof enReading;
const textsOf = (lang: Lang) => texts[lang] as unknown as Texts;
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

type Finding = { id: string; impact: string | null; nodes: { target: string[] }[] };
async function seriousFindings(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, options: object) => Promise<{ violations: Finding[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ${v.nodes[0]?.target.join(' ')}`);
}

const STAMP = Date.now().toString(36);
const RUNS = [
  // Typed in Traditional, searched in Simplified: the tag is compared folded.
  {
    lang: 'zh-TW',
    locale: 'zh-TW',
    viewport: PHONE,
    device: 'phone',
    tag: `燈塔組${STAMP}`,
    search: `灯塔组${STAMP}`,
    title: `七夜颱風 ${STAMP}`,
    next: '第八夜',
  },
  {
    lang: 'en',
    locale: 'en-US',
    viewport: DESKTOP,
    device: 'desktop',
    tag: `Lighthouse AU ${STAMP}`,
    search: `LIGHTHOUSE au ${STAMP}`,
    title: `Seven Nights ${STAMP}`,
    next: 'The Eighth Night',
  },
] as const;

const publish = (author: Session, lang: Lang, title: string) =>
  callApi<{ uid: string }>('POST', '/post/create/', {
    token: author.tokens.access,
    body: { title, content: `${title}.\n\nThe lamp kept turning.`, is_public: 1, language: lang },
  });

describe('the reading layer', () => {
  it.each(RUNS)(
    '$lang on a $device',
    async ({ lang, locale, viewport, device, tag, search, title, next }) => {
      const t = textsOf(lang);
      const shot = (name: string) => `reading-${lang}-${name}-${device}`;
      const author = await signUp(lang);
      const reader = await signUp(lang);

      // The author tags a new post on the post form: a fandom tag, a warning.
      const writer = await newPage(browser, { locale, viewport });
      await useSession(writer.page, author);
      await writer.page.goto('/newpost');
      await writer.page.getByRole('textbox', { name: t.posts.titleLabel }).fill(title);
      await writer.page.getByRole('textbox', { name: t.posts.contentLabel }).fill(`${title}. The storm came at night.`);
      await writer.page.getByRole('combobox', { name: t.reading.tags.kind }).selectOption({ label: t.reading.kinds.fandom });
      await writer.page.getByRole('textbox', { name: t.reading.tags.name }).fill(tag);
      await writer.page.getByRole('button', { name: t.reading.tags.add, exact: true }).click();
      await writer.page.getByRole('checkbox', { name: t.reading.warnings.violence }).check();
      await snap(writer.page, shot('form'));
      await writer.page.getByRole('button', { name: t.posts.publish, exact: true }).click();
      await writer.page.getByText(t.posts.published).waitFor();
      await writer.context.close();

      // The reader finds it by its tag (typed another way), then leaves it out by excluding that tag.
      const { context, page } = await newPage(browser, { locale, viewport });
      await useSession(page, reader);
      await page.goto('/read');
      await page.getByRole('radio', { name: t.posts.allLanguages }).click();
      const filters = page.getByRole('search', { name: t.reading.filters.label });
      await filters.getByRole('searchbox', { name: t.reading.filters.tag }).fill(search);
      await filters.getByRole('button', { name: t.reading.filters.apply }).click();
      const card = page.getByRole('link', { name: title });
      await card.waitFor();
      await snap(page, shot('feed-by-tag'));
      await filters.getByRole('button', { name: t.reading.filters.clear }).click();
      await filters.getByRole('textbox', { name: t.reading.filters.exclude }).fill(`${search}, other`);
      const excluded = page.waitForResponse((r) => r.url().includes('/post/list/') && r.url().includes('exclude_tags='));
      await filters.getByRole('button', { name: t.reading.filters.apply }).click();
      await excluded;
      await page.getByRole('search').waitFor();
      await new Promise((r) => setTimeout(r, 300));
      expect(await card.count()).toBe(0);
      await filters.getByRole('button', { name: t.reading.filters.clear }).click();

      // The post page: the tag before the title, the warning, kudos, a comment and a reply.
      await card.click();
      const heading = page.getByRole('heading', { level: 2, name: title });
      await heading.waitFor();
      const lead = page.locator('.tag--lead');
      expect(await lead.innerText()).toContain(tag);
      expect(
        await lead.evaluate((el) => Boolean(el.compareDocumentPosition(document.querySelector('h2')!) & Node.DOCUMENT_POSITION_FOLLOWING)),
      ).toBe(true);
      expect(await page.getByText(t.reading.warnings.violence).isVisible()).toBe(true);
      await page.getByRole('button', { name: t.reading.kudos.give }).click();
      await page.getByRole('button', { name: t.reading.kudos.given }).waitFor();
      expect(await page.getByRole('button', { name: t.reading.kudos.given }).innerText()).toContain(
        fill(t.reading.kudos.count_one, { count: 1 }),
      );
      await page.getByRole('textbox', { name: t.reading.comments.write }).fill('The storm scene!');
      await page.getByRole('button', { name: t.reading.comments.send }).click();
      const comment = page.locator('.comment').filter({ hasText: 'The storm scene!' });
      await comment.waitFor();
      await comment.getByRole('button', { name: t.reading.comments.reply }).click();
      await page.getByRole('textbox', { name: fill(t.reading.comments.replyTo, { name: reader.name }) }).fill('And the lamp.');
      await page.getByRole('button', { name: t.reading.comments.sendReply }).click();
      await page.locator('.comment--reply').filter({ hasText: 'And the lamp.' }).waitFor();
      expect(await page.locator('.comment-text').allInnerTexts()).toEqual(['The storm scene!', 'And the lamp.']);

      // Bookmark it and follow its author.
      await page.getByRole('button', { name: t.reading.bookmark.off }).click();
      await page.getByRole('button', { name: t.reading.bookmark.on }).waitFor();
      await page.getByRole('button', { name: t.reading.follow.off }).click();
      await page.getByRole('button', { name: t.reading.follow.on }).waitFor();
      expect(await seriousFindings(page)).toEqual([]);
      await snap(page, shot('post'));
      await page.goto('/user/bookmarks');
      await page.getByRole('link', { name: title }).waitFor();

      // The author's next post reaches the inbox; the profile tab shows it as new.
      await publish(author, lang, next);
      await page.goto('/user');
      await page.locator('.inbox-badge').waitFor();
      expect(await page.locator('.inbox-badge').innerText()).toBe('1');
      await page.goto('/user/inbox');
      await page.getByRole('link', { name: next }).waitFor();
      expect(await seriousFindings(page)).toEqual([]);
      await snap(page, shot('inbox'));

      // Muting the author takes their posts out of this reader's feed.
      await page.getByRole('link', { name: next }).click();
      await page.getByRole('button', { name: t.reading.mute.off }).click();
      await page.getByRole('button', { name: t.reading.mute.on }).waitFor();
      await page.goto('/read');
      const all = page.waitForResponse((r) => r.url().includes('/post/list/') && !r.url().includes('language='));
      await page.getByRole('radio', { name: t.posts.allLanguages }).click();
      await all;
      await new Promise((r) => setTimeout(r, 300));
      expect(await page.getByRole('link', { name: next }).count()).toBe(0);
      expect(await page.getByText(`@${author.name}`).count()).toBe(0);
      await page.goto('/user/muted');
      await page.getByText(`@${author.name}`).waitFor();
      expect(await seriousFindings(page)).toEqual([]);
      await snap(page, shot('muted'));
      await context.close();
    },
    180_000,
  );
});
