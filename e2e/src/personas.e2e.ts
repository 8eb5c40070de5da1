import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, newPage, PHONE, snap } from './browser';
import { callApi, importPersonas, signUp, useSession, type CataloguePersona } from './fixtures';
import { texts } from './locales';

type Persona = { uid: string; char_a_name: string; char_b_name: string; description: string; used_count: number; is_favorite: boolean };
type FeedPage = { results: Persona[]; has_more: boolean; snapshot: number };

const A_NAMES = [
  'Ines',
  'Mara',
  'Jonah',
  'Priya',
  'Soren',
  'Leila',
  'Theo',
  'Ada',
  'Rafael',
  'Yuna',
  'Noor',
  'Callum',
  'Elena',
  'Felix',
  'Ivy',
];
const B_NAMES = [
  'Tomas',
  'Julian',
  'Cleo',
  'Arjun',
  'Vera',
  'Sami',
  'Hazel',
  'Bram',
  'Lucia',
  'Ren',
  'Idris',
  'Maeve',
  'Niko',
  'Greta',
  'Otto',
];
const PLACES = [
  'a storm-bound lighthouse',
  'a night train to Vienna',
  'a rooftop greenhouse',
  'a failing bookshop',
  'a winter observatory',
];
const HOOKS = [
  'trade secrets until the fog lifts.',
  'share one umbrella and far too many opinions.',
  'must pretend to be engaged for one long weekend, and neither of them is a good liar.',
  'keep leaving each other notes in the margins.',
  'are rivals for the same scholarship, until the snow traps them together.',
];
const TAGS = [
  'slow burn, rivals, found family',
  'cozy, banter',
  'fake dating, road trip, second chances',
  'mystery, academia',
  'winter, strangers to lovers',
];

/** 30 English general personas more than the seed: enough for a second page of the feed. */
const EXTRA: CataloguePersona[] = Array.from({ length: 30 }, (_, i) => ({
  key: `e2e-extra-${i + 1}`,
  language: 'en',
  author_name: `e2e_writer_${(i % 4) + 1}`,
  char_a_name: `${A_NAMES[i % A_NAMES.length]}${i >= A_NAMES.length ? ' II' : ''}`,
  char_a_setting: `An adult of ${28 + (i % 9)} who keeps a careful distance from everyone; the one who leads.`,
  char_b_name: `${B_NAMES[i % B_NAMES.length]}${i >= B_NAMES.length ? ' II' : ''}`,
  char_b_setting: `An adult of ${26 + (i % 7)}, warm and stubborn, who refuses to be kept at a distance.`,
  plot: `They meet in ${PLACES[i % PLACES.length]} and have one night to decide whether to trust each other.`,
  description:
    i === 0
      ? 'In a storm-bound lighthouse 🌊 two rivals keep the lamp burning and trade secrets until the fog lifts.'
      : `In ${PLACES[i % PLACES.length]}, two strangers ${HOOKS[i % HOOKS.length]}`,
  is_r18: 0,
  tags: TAGS[i % TAGS.length]!,
  first_person: ([0, 1, 2] as const)[i % 3]!,
  dialogue_heavy: (i % 2) as 0 | 1,
  used_count: 40 + ((i * 37) % 500),
}));

/** An adult persona: only accounts that confirmed being 18+ may open it. */
const ADULT: CataloguePersona = {
  key: 'e2e-adult-1',
  language: 'en',
  author_name: 'e2e_after_dark',
  char_a_name: 'Valentin',
  char_a_setting: 'A 34-year-old bodyguard, controlled and quietly possessive; he leads.',
  char_b_name: 'Sylvie',
  char_b_setting: 'A 31-year-old diplomat who is used to giving orders and finds herself enjoying taking them.',
  plot: 'A summit hotel, a locked suite and a threat neither of them takes seriously until the lights go out.',
  description: 'A bodyguard and the diplomat he is sworn to protect, one locked suite and a very long night.',
  is_r18: 1,
  tags: 'bodyguard, forbidden, slow burn',
  first_person: 0,
  dialogue_heavy: 1,
  used_count: 120,
};

/** Japanese personas, so the Japanese Explore has cards whether or not a Japanese seed ships. */
const JAPANESE: CataloguePersona[] = [
  ['灯台守の二人', '嵐の夜、灯台に閉じ込められた二人は夜明けまで秘密を打ち明け合う。', '湊', '朔'],
  ['終電のあとで', '終電を逃した同僚同士が、始発までの数時間で本音を知る。', '遥', '蒼'],
  ['冬の天文台', '雪に閉ざされた天文台で、ライバル同士の研究者が同じ星を追う。', '紬', '律'],
].map(([title, description, a, b], i) => ({
  key: `e2e-ja-${i + 1}`,
  language: 'ja',
  author_name: `e2e_作家${i + 1}`,
  char_a_name: a!,
  char_a_setting: `${title}の主人公。30歳。慎重で、関係を主導する側。`,
  char_b_name: b!,
  char_b_setting: '28歳。まっすぐで頑固、相手の壁を少しずつ崩していく。',
  plot: `${description}二人に残された時間は一晩だけ。`,
  description: description!,
  is_r18: 0,
  tags: 'じれじれ, ライバル, 冬',
  first_person: 0,
  dialogue_heavy: 0,
  used_count: 10 + i,
}));

let browser: Browser;
beforeAll(async () => {
  expect(await importPersonas([...EXTRA, ADULT, ...JAPANESE])).toMatch(/^imported \d+ personas/);
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).first().textContent();
const onPath = (page: Page, test: (pathname: string) => boolean, timeout?: number) =>
  page.waitForURL((url) => test(url.pathname), timeout ? { timeout } : undefined);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const startsWith = (text: string) => new RegExp(`^${escapeRegExp(text)}`);
const storedDraft = (page: Page) => page.evaluate(() => JSON.parse(window.localStorage.getItem('articleDraft') ?? 'null') as unknown);
const personaUid = (page: Page) => decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');

describe('personas in en-US on a phone', () => {
  const t = texts.en;

  it('browses two pages of Explore, favourites a persona, finds it in My favourites and uses it to generate', async () => {
    const session = await signUp('en');
    const { context, page } = await newPage(browser, { locale: 'en-US', viewport: PHONE });
    await useSession(page, session);

    // Explore: the tab screen's heading, a masonry grid of cards, 20 a page.
    await page.goto('/explore');
    await expect.poll(() => h1(page)).toBe(t.screens.explore);
    const grid = page.getByRole('list', { name: t.explore.listLabel });
    const cards = grid.getByRole('link');
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(20);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.masonry')!).columnCount)).toBe('2');
    // Each card is a list item whose link (the pair's name, stretched over the card) opens the persona.
    const firstCard = grid.getByRole('listitem').filter({ has: page.getByRole('link') }).first();
    expect(await firstCard.getByText(t.persona.general, { exact: true }).count()).toBe(1);
    expect(await firstCard.getByRole('list', { name: t.persona.tags }).getByRole('listitem').count()).toBeGreaterThan(0);
    await snap(page, 'personas-en-explore-phone');

    // Scrolling near the bottom loads the second page (with page 1's snapshot: no card twice).
    for (let i = 0; i < 10 && (await cards.count()) <= 20; i++) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(300);
    }
    await expect.poll(() => cards.count(), { timeout: 10_000 }).toBeGreaterThan(20);
    const hrefs = await cards.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(new Set(hrefs).size).toBe(hrefs.length);
    await snap(page, 'personas-en-explore-phone-page-2');

    // A card is a link named by the pair and its rating.
    const chosen = EXTRA[0]!;
    const pair = `${chosen.char_a_name} × ${chosen.char_b_name}`;
    await grid.getByRole('link', { name: startsWith(`${pair} ${t.persona.general}`) }).click();
    await onPath(page, (p) => p.startsWith('/explore/persona/'));
    const uid = personaUid(page);
    await expect.poll(() => h1(page)).toBe(t.screens.persona);
    await page.getByRole('heading', { level: 2, name: pair }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect.poll(() => page.getByText(`@${chosen.author_name}`).isVisible()).toBe(true);
    expect(await page.getByText(chosen.description, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('list', { name: t.persona.tags }).getByRole('listitem').allTextContents()).toEqual(chosen.tags.split(', '));
    expect(await page.getByText(t.persona.characterA, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(chosen.char_b_setting, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(chosen.plot, { exact: true }).isVisible()).toBe(true);

    // The star flips once the server has answered.
    const star = page.getByRole('button', { name: t.persona.favourite, exact: true });
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    await star.click();
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
    expect((await callApi<Persona>('GET', `/persona/details/?persona_uid=${uid}`, { token: session.tokens.access })).is_favorite).toBe(
      true,
    );
    await snap(page, 'personas-en-persona-phone');

    // Back: the feed is still there, both pages of it, where the reader left it.
    await page.goBack();
    await onPath(page, (p) => p === '/explore');
    await expect.poll(() => cards.count()).toBeGreaterThan(20);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    // My favourites: the row's title is the first 32 characters of the description.
    await page.goto('/post');
    await expect.poll(() => h1(page)).toBe(t.screens.favourites);
    const title = `${Array.from(chosen.description).slice(0, 32).join('')}…`;
    const row = page.getByRole('link', { name: startsWith(title) });
    await row.waitFor();
    expect(await row.textContent()).toContain(pair);
    await snap(page, 'personas-en-favourites-phone');

    // Back on the persona page, "Use it to generate" stores the draft and opens the form.
    await row.click();
    await onPath(page, (p) => p === `/explore/persona/${uid}`);
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
    const before = await callApi<Persona>('GET', `/persona/details/?persona_uid=${uid}`);
    await page.getByRole('button', { name: t.persona.use, exact: true }).click();
    await onPath(page, (p) => p.replace(/\/$/, '') === '/article/create');
    expect(await storedDraft(page)).toEqual({
      characterA: chosen.char_a_name,
      settingA: chosen.char_a_setting,
      characterB: chosen.char_b_name,
      settingB: chosen.char_b_setting,
      plot: chosen.plot,
      perspective: 'thirdPerson',
      isR18: 'notR18',
      writingStyle: 'description',
      selectedLanguageForGen: 'en',
      // Named so the story's post can say which persona it came from.
      personaUid: uid,
    });
    await expect
      .poll(async () => (await callApi<Persona>('GET', `/persona/details/?persona_uid=${uid}`)).used_count)
      .toBe(before.used_count + 1);
    await context.close();
  });

  it('asks for the 18+ confirmation before an adult persona, and says when a persona is gone', async () => {
    // Find the adult persona's id as an account that has confirmed being 18+.
    const adult = await signUp('en');
    await callApi('POST', '/user/confirm-adult/', { body: { confirm: true }, token: adult.tokens.access });
    let uid: string | undefined;
    for (let page = 1; !uid && page <= 5; page++) {
      const feed = await callApi<FeedPage>('GET', `/persona/list/?language=en&page=${page}`, { token: adult.tokens.access });
      uid = feed.results.find((p) => p.char_a_name === ADULT.char_a_name)?.uid;
      if (!feed.has_more) break;
    }
    expect(uid).toBeTruthy();

    // Not logged in: the explanation and the way to log in.
    const { context, page } = await newPage(browser, { locale: 'en-US', viewport: PHONE });
    await page.goto(`/explore/persona/${uid}`);
    await page.getByRole('heading', { name: texts.en.adultGate.title }).waitFor();
    expect(await page.getByRole('link', { name: texts.en.adultGate.login }).getAttribute('href')).toBe('/login');
    await snap(page, 'personas-en-adult-gate-logged-out');
    await context.close();

    // Logged in without the confirmation: confirm in the dialog, then the persona opens.
    const viewer = await signUp('en');
    const second = await newPage(browser, { locale: 'en-US', viewport: PHONE });
    await useSession(second.page, viewer);
    await second.page.goto(`/explore/persona/${uid}`);
    await second.page.getByRole('button', { name: texts.en.adultGate.action }).click();
    const dialog = second.page.getByRole('dialog', { name: texts.en.adultGate.dialogTitle });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(texts.en.adultGate.dialogBody);
    await snap(second.page, 'personas-en-adult-gate-dialog');
    await dialog.getByRole('button', { name: texts.en.adultGate.dialogConfirm }).click();
    await second.page.getByRole('heading', { level: 2, name: `${ADULT.char_a_name} × ${ADULT.char_b_name}` }).waitFor();
    expect(await second.page.getByText(texts.en.persona.adult, { exact: true }).isVisible()).toBe(true);
    await snap(second.page, 'personas-en-adult-persona');

    // An unknown persona.
    await second.page.goto('/explore/persona/no-such-persona');
    await second.page.getByRole('heading', { name: texts.en.persona.gone }).waitFor();
    expect(await h1(second.page)).toBe(texts.en.screens.persona);
    await snap(second.page, 'personas-en-gone');
    await second.context.close();
  });
});

describe('personas in ja-JP', () => {
  const t = texts.ja;

  it('shows the Explore cards with Japanese text on a phone and in four columns on a desktop', async () => {
    const { context, page } = await newPage(browser, { locale: 'ja-JP', viewport: PHONE });
    await page.goto('/explore');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
    await expect.poll(() => h1(page)).toBe(t.screens.explore);
    expect(await page.getByText(t.explore.subtitle, { exact: true }).isVisible()).toBe(true);
    const grid = page.getByRole('list', { name: t.explore.listLabel });
    const chosen = JAPANESE[0]!;
    const cardName = startsWith(`${chosen.char_a_name} × ${chosen.char_b_name} ${t.persona.general}`);
    const cardLink = grid.getByRole('link', { name: cardName });
    // `has` looks inside each list item, so it names the link afresh rather than through the grid.
    const card = grid.getByRole('listitem').filter({ has: page.getByRole('link', { name: cardName }) });
    await cardLink.waitFor();
    expect(await grid.getByRole('link').count()).toBeGreaterThanOrEqual(JAPANESE.length);
    expect(await card.getByText(t.persona.general, { exact: true }).isVisible()).toBe(true);
    expect(await card.getByText(chosen.description, { exact: true }).isVisible()).toBe(true);
    await snap(page, 'personas-ja-explore-phone');

    await cardLink.click();
    await onPath(page, (p) => p.startsWith('/explore/persona/'));
    await expect.poll(() => h1(page)).toBe(t.screens.persona);
    await page.getByRole('button', { name: t.persona.use, exact: true }).waitFor();
    expect(await page.getByText(t.persona.characterA, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(t.persona.thirdPerson, { exact: true }).isVisible()).toBe(true);
    await snap(page, 'personas-ja-persona-phone');

    // Logged out, the star leads to the login.
    await page.getByRole('button', { name: t.persona.favourite, exact: true }).click();
    await onPath(page, (p) => p === '/login');

    await page.setViewportSize(DESKTOP);
    await page.goto('/explore');
    await grid.getByRole('link').first().waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.masonry')!).columnCount)).toBe('4');
    await snap(page, 'personas-ja-explore-desktop');
    await grid.getByRole('link').first().click();
    await page.getByRole('button', { name: t.persona.use, exact: true }).waitFor();
    await snap(page, 'personas-ja-persona-desktop');
    await context.close();
  });
});
