import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type enModeration from '../../web/src/locales/en/moderation.json';
import type enPosts from '../../web/src/locales/en/posts.json';
import { DESKTOP, launch, newPage, PHONE, snap } from './browser';
import { callApi, signUp, useSession, type Session } from './fixtures';
import { texts } from './locales';

type Lang = 'en' | 'ja';
type Texts = (typeof texts)['en'] & typeof enModeration & typeof enPosts;
const textsOf = (lang: Lang) => texts[lang] as unknown as Texts;

let browser: Browser;
let operator: Session | undefined;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const newPost = (author: Session, title: string) =>
  callApi<{ uid: string }>('POST', '/post/create/', {
    token: author.tokens.access,
    // Each its own text: a taken-down text cannot be posted again.
    body: { title, content: `Chapter three, copied word for word from a published book (${title}).`, language: 'en', is_public: 1 },
  });

async function reportTakeDownAndCheck(lang: Lang, viewport: { width: number; height: number }) {
  const t = textsOf(lang);
  const device = viewport === PHONE ? 'phone' : 'desktop';
  const shot = (name: string) => `moderation-${lang}-${name}-${device}`;
  const locale = lang === 'en' ? 'en-US' : 'ja-JP';
  // The one account of ADMIN_EMAILS (global-setup.ts), signed up by the first test that needs it.
  operator ??= await signUp('en', 'operator@e2e.example');
  const author = await signUp('en');
  const reader = await signUp(lang);
  const title = `Borrowed pages ${lang} ${device} ${Date.now()}`;
  const post = await newPost(author, title);

  // A visitor (not signed in) reports the post from its page.
  const visitor = await newPage(browser, { locale, viewport });
  await visitor.page.goto(`/explore/post/${post.uid}`);
  await visitor.page.getByRole('heading', { level: 2, name: title }).waitFor();
  await visitor.page.getByRole('button', { name: t.moderation.report.button }).click();
  const dialog = visitor.page.getByRole('dialog', { name: t.moderation.report.title.post });
  await dialog.waitFor();
  const send = dialog.getByRole('button', { name: t.moderation.report.send });
  expect(await send.isDisabled()).toBe(true);
  await dialog.getByRole('textbox', { name: t.moderation.report.reason }).fill('This is chapter 3 of my novel.');
  await dialog.getByRole('textbox', { name: t.moderation.report.email }).fill('holder@example.com');
  await snap(visitor.page, shot('report-dialog'));
  await send.click();
  await visitor.page.getByText(t.moderation.report.sent).waitFor();
  await visitor.context.close();

  // Someone who is not an operator finds no console.
  const outsider = await newPage(browser, { locale, viewport });
  await useSession(outsider.page, reader);
  await outsider.page.goto('/admin');
  await outsider.page.getByRole('heading', { name: t.notFound.title }).first().waitFor();
  await outsider.context.close();

  // The operator takes it down from the console, giving a reason (the console speaks the operator's language, en).
  const op = textsOf('en');
  const console = await newPage(browser, { locale, viewport });
  await useSession(console.page, operator);
  await console.page.goto('/admin');
  const card = console.page.getByRole('listitem').filter({ has: console.page.getByRole('heading', { name: title }) });
  await card.waitFor();
  expect(await card.innerText()).toContain('This is chapter 3 of my novel.');
  await snap(console.page, shot('console'));
  await card.getByRole('button', { name: op.moderation.admin.takedown, exact: true }).click();
  const confirm = console.page.getByRole('dialog', { name: op.moderation.admin.takedown });
  await confirm.getByRole('textbox', { name: op.moderation.admin.why }).fill('Copyright claim by the publisher');
  await snap(console.page, shot('takedown-dialog'));
  await confirm.getByRole('button', { name: op.moderation.admin.confirm }).click();
  await console.page.getByText(op.moderation.admin.done).waitFor();
  await expect.poll(() => card.count()).toBe(0);
  // The audit log shows who did it and why.
  await console.page.getByText('Copyright claim by the publisher').first().waitFor();
  await console.context.close();

  // Gone for another account…
  const other = await newPage(browser, { locale, viewport });
  await useSession(other.page, reader);
  await other.page.goto(`/explore/post/${post.uid}`);
  await other.page.getByRole('heading', { name: t.posts.gone }).waitFor();
  await other.context.close();

  // …and labelled, with the reason, for its author.
  const own = await newPage(browser, { locale: 'en-US', viewport });
  await useSession(own.page, author);
  await own.page.goto(`/explore/post/${post.uid}`);
  const en = textsOf('en');
  await own.page.getByRole('status').filter({ hasText: en.moderation.takenDown.body }).waitFor();
  expect(await own.page.getByRole('status').filter({ hasText: en.moderation.takenDown.body }).innerText()).toContain(
    'Copyright claim by the publisher',
  );
  await snap(own.page, shot('author-notice'));
  await own.context.close();
}

describe('reports and takedowns', () => {
  it('a visitor reports a post, the operator takes it down, it is gone for others and labelled for its author (en, desktop)', async () => {
    await reportTakeDownAndCheck('en', DESKTOP);
  });
  it('the same on a phone in Japanese', async () => {
    await reportTakeDownAndCheck('ja', PHONE);
  });
});
