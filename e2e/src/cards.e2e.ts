import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, PHONE, snap } from './browser';
import { callApi, signUp, useSession } from './fixtures';
import type cardsEn from '../../web/src/locales/en/cards.json';
import type createEn from '../../web/src/locales/en/create.json';
import { texts as allTexts } from './locales';

/** The app's texts with this feature's parts typed by their English files. */
type Texts = (typeof allTexts)['en'] & typeof cardsEn & typeof createEn;
const texts = { en: allTexts.en as Texts, ja: allTexts.ja as Texts };

/** The committed sample cards (web/src/components/story-form/cards/fixtures/make-fixtures.mjs writes them). */
const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/src/components/story-form/cards/fixtures');
const card = (name: string) => path.join(fixtures, name);
const DESKTOP = { width: 1280, height: 800 };

/** With E2E_SCREENSHOTS: the screen at the test's size, then at the other one (390×844 and 1280×800). */
async function snapBoth(page: Page, name: string, viewport: { width: number; height: number }): Promise<void> {
  await snap(page, name);
  if (!process.env.E2E_SCREENSHOTS) return;
  const other = viewport.width === PHONE.width ? DESKTOP : PHONE;
  await page.setViewportSize(other);
  await snap(page, `${name}-at-${other.width}`);
  await page.setViewportSize(viewport);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

type Persona = {
  uid: string;
  char_a_name: string;
  char_a_setting: string;
  char_b_name: string;
  char_b_setting: string;
  plot: string;
  description: string;
  tags: string;
  is_r18: 0 | 1;
  language: string;
};
type NovelPage = { results: { uid: string; generate_status: string; input_params: string }[] };

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).first().textContent();
const onPath = (page: Page, test: (pathname: string) => boolean) => page.waitForURL((url) => test(url.pathname));
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? `{{${key}}}`);

/** The form's controls, found by their visible labels. */
function form(page: Page, t: Texts) {
  const group = (name: string) => page.getByRole('group', { name, exact: true });
  const a = group(t.create.characterA);
  const b = group(t.create.characterB);
  return {
    importer: page.getByRole('region', { name: t.cards.title }),
    cardInput: page.getByLabel(t.cards.choose, { exact: true }),
    status: page.getByRole('region', { name: t.cards.title }).getByRole('status'),
    alert: page.getByRole('region', { name: t.cards.title }).getByRole('alert'),
    nameA: a.getByRole('textbox', { name: t.create.name, exact: true }),
    settingA: a.getByRole('textbox', { name: t.create.setting, exact: true }),
    nameB: b.getByRole('textbox', { name: t.create.name, exact: true }),
    settingB: b.getByRole('textbox', { name: t.create.setting, exact: true }),
  };
}

const CASES = [
  {
    lang: 'en',
    locale: 'en-US',
    size: 'phone',
    viewport: PHONE,
    files: ['aria-v2.png', 'bram-v3.png'],
    a: 'Aria Vale',
    settingA:
      'Aria Vale is a 32-year-old lighthouse keeper on a storm-bound island. She keeps the lamp burning and her past to herself.\n\nCalm, dry-witted and stubborn; she takes the lead when things go wrong.',
    b: 'Bram Hollis',
    settingStartB: 'Bram Hollis is a 35-year-old cartographer who trusts maps more than people. He is polite to Aria Vale, and curious.',
    plot: 'A storm strands Bram Hollis at Aria Vale\u2019s lighthouse until dawn.\n\nBram Hollis knocks on the lighthouse door at midnight with a map that should not exist.',
    tags: 'slow burn, mystery, lighthouse, adventure, Rivals',
    description: 'A lighthouse keeper and a cartographer with an impossible map wait out one storm together.',
  },
  {
    lang: 'ja',
    locale: 'ja-JP',
    size: 'desktop',
    viewport: DESKTOP,
    files: ['akari-v3.json', 'wataru-v2-itxt.png'],
    a: '灯里',
    settingA:
      '灯里は三十歳の灯台守。嵐の夜も灯りを絶やさず、過去のことは誰にも話さない。\n\n落ち着いていて皮肉屋。いざという時は先に動く。',
    b: '航',
    settingStartB: '航は三十五歳の測量士。人より地図を信じているが、灯里には礼儀正しい。',
    plot: '嵐の夜、航は灯里の灯台に閉じ込められる。\n\n真夜中、航は存在しないはずの地図を持って灯台の扉を叩く。',
    tags: 'じれじれ, ミステリー, 冒険, ライバル',
    description: '灯台守と、ありえない地図を持つ測量士。嵐の一夜をふたりで越える。',
  },
] as const;

describe.each(CASES)('character cards into a persona in $locale on a $size', (c) => {
  const t = texts[c.lang];

  it('imports two cards, shows what they filled, publishes the persona and generates a story from it', async () => {
    const session = await signUp(c.lang);
    const { context, page } = await newPage(browser, { locale: c.locale, viewport: c.viewport });
    await useSession(page, session);

    // Explore leads to the new persona screen.
    await page.goto('/explore');
    await page.getByRole('link', { name: t.newPersona.create, exact: true }).click();
    await onPath(page, (p) => p === '/persona/new');
    await expect.poll(() => h1(page)).toBe(t.newPersona.title);
    const f = form(page, t);
    await f.importer.waitFor();
    await snapBoth(page, `cards-${c.lang}-${c.size}-new-persona`, c.viewport);

    // Two card files at once, read in the browser: nothing is sent while they are read.
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') sent.push(`${request.method()} ${request.url()}`);
    });
    await f.cardInput.setInputFiles(c.files.map(card));
    await expect.poll(() => f.nameA.inputValue()).toBe(c.a);
    expect(sent).toEqual([]);

    // The notes say what came from which file; the user reviews every field.
    const notes = await f.status.getByRole('listitem').allTextContents();
    expect(notes).toEqual([
      fill(t.cards.filled, { character: t.create.characterA, name: c.a, file: c.files[0] }),
      fill(t.cards.filled, { character: t.create.characterB, name: c.b, file: c.files[1] }),
      t.cards.plotFilled,
      fill(t.cards.tagsFilled, { tags: c.tags }),
      t.cards.review,
    ]);
    expect(await f.alert.textContent()).toBe('');
    expect(await f.settingA.inputValue()).toBe(c.settingA);
    expect(await f.nameB.inputValue()).toBe(c.b);
    expect(await f.settingB.inputValue()).toMatch(new RegExp(`^${c.settingStartB}`));
    expect(await page.getByRole('textbox', { name: t.newPersona.plotOptional, exact: true }).inputValue()).toBe(c.plot);
    expect(await page.getByRole('textbox', { name: t.newPersona.tags, exact: true }).inputValue()).toBe(c.tags);
    await snapBoth(page, `cards-${c.lang}-${c.size}-imported`, c.viewport);

    // The description is the user's own; without it the form says so and waits.
    const publish = page.getByRole('button', { name: t.newPersona.publish, exact: true });
    await publish.click();
    const description = page.getByRole('textbox', { name: t.newPersona.description });
    await expect.poll(() => description.getAttribute('aria-invalid')).toBe('true');
    expect(await description.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByText(t.newPersona.descriptionRequired, { exact: true }).isVisible()).toBe(true);
    await snap(page, `cards-${c.lang}-${c.size}-description-required`);
    await description.fill(c.description);
    await publish.click();

    // Published: the persona page, and the stored persona is exactly the reviewed text.
    await onPath(page, (p) => p.startsWith('/explore/persona/'));
    const uid = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    await page.getByRole('heading', { level: 2, name: `${c.a} × ${c.b}` }).waitFor();
    await page.getByText(t.newPersona.published).first().waitFor();
    const persona = await callApi<Persona>('GET', `/persona/details/?persona_uid=${uid}`, { token: session.tokens.access });
    expect(persona).toMatchObject({
      char_a_name: c.a,
      char_a_setting: c.settingA,
      char_b_name: c.b,
      plot: c.plot,
      description: c.description,
      tags: c.tags,
      is_r18: 0,
      language: c.lang,
    });
    await snap(page, `cards-${c.lang}-${c.size}-published`);

    // "Use it to generate": the form is filled from the persona and a story is written from it.
    await page.getByRole('button', { name: t.persona.use, exact: true }).click();
    await onPath(page, (p) => p.replace(/\/$/, '') === '/article/create');
    const g = form(page, t);
    await expect.poll(() => g.nameA.inputValue()).toBe(c.a);
    expect(await g.settingA.inputValue()).toBe(c.settingA);
    await page.getByRole('button', { name: t.create.generate.replace('{{cost}}', '6'), exact: true }).click();
    await onPath(page, (p) => p === '/user/work');
    const story = async () =>
      (await callApi<NovelPage>('GET', `/novel/list/?author_uid=${session.uid}&page=1`, { token: session.tokens.access })).results[0];
    await expect.poll(async () => (await story())?.generate_status, { timeout: 60_000 }).toBe('done');
    const novel = (await story())!;
    expect(novel.input_params).toContain(c.a);
    expect(novel.input_params).toContain(c.b);
    await context.close();
  });
});

const REFUSALS = [
  { lang: 'en', locale: 'en-US', size: 'desktop', viewport: DESKTOP },
  { lang: 'ja', locale: 'ja-JP', size: 'phone', viewport: PHONE },
] as const;

describe.each(REFUSALS)('character cards on the generation form in $locale on a $size', ({ lang, locale, size, viewport }) => {
  const t = texts[lang];

  it('is reachable by keyboard, announces refused files in the user language, and cuts long cards with a note', async () => {
    const { context, page } = await newPage(browser, { locale, viewport });
    await page.goto('/article/create');
    await expect.poll(() => h1(page)).toBe(t.screens.create);
    const f = form(page, t);

    // Keyboard: Tab reaches the file input, named by its visible label, and the label shows the focus.
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    let reached = false;
    for (let i = 0; i < 40 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await f.cardInput.evaluate((el) => el === document.activeElement);
    }
    expect(reached).toBe(true);
    const outline = await page.locator('label.card-import-button').evaluate((label) => getComputedStyle(label).outlineStyle);
    expect(outline).toBe('solid');
    expect(await f.cardInput.getAttribute('accept')).toContain('.png');

    // Three files: one or two only.
    await f.cardInput.setInputFiles([card('aria-v2.png'), card('bram-v3.png'), card('akari-v3.json')]);
    await expect.poll(() => f.alert.textContent()).toBe(t.cards.tooMany);
    expect(await f.nameA.inputValue()).toBe('');

    // Damaged, card-less and foreign files, each with its reason; nothing is filled.
    await f.cardInput.setInputFiles([card('truncated.png'), card('no-card.png')]);
    await expect
      .poll(() => f.alert.getByRole('listitem').allTextContents())
      .toEqual([fill(t.cards.errors.corrupt, { file: 'truncated.png' }), fill(t.cards.errors.noCard, { file: 'no-card.png' })]);
    await snapBoth(page, `cards-${lang}-${size}-refused`, viewport);
    await f.cardInput.setInputFiles([card('wrong-shape.json'), card('bad-base64.png')]);
    await expect
      .poll(() => f.alert.getByRole('listitem').allTextContents())
      .toEqual([fill(t.cards.errors.unsupported, { file: 'wrong-shape.json' }), fill(t.cards.errors.corrupt, { file: 'bad-base64.png' })]);
    await f.cardInput.setInputFiles([
      { name: 'notes.txt', mimeType: 'text/plain', buffer: fs.readFileSync(card('notes.txt')) },
      { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(8 * 1024 * 1024 + 1) },
    ]);
    await expect
      .poll(() => f.alert.getByRole('listitem').allTextContents())
      .toEqual([fill(t.cards.errors.notCard, { file: 'notes.txt' }), fill(t.cards.errors.tooLarge, { file: 'huge.png' })]);
    expect(await f.nameA.inputValue()).toBe('');

    // A long card: a one-line name cut to 60, the setting and plot cut with a visible note; NSFW suggests 18+.
    await f.cardInput.setInputFiles(card('long-v2.json'));
    await expect.poll(() => f.nameA.inputValue()).toBe('Captain Seraphina Marguerite Alderney-Whitcombe of the North');
    expect(await f.alert.textContent()).toBe('');
    const setting = await f.settingA.inputValue();
    expect(setting.length).toBeLessThanOrEqual(2000);
    expect(setting.endsWith('knows every ship by its horn.')).toBe(true);
    const plot = await page.getByRole('textbox', { name: t.create.plot, exact: true }).inputValue();
    expect(plot.length).toBeLessThanOrEqual(4000);
    const notes = await f.status.getByRole('listitem').allTextContents();
    const character = t.create.characterA;
    expect(notes).toContain(fill(t.cards.cutName, { character, from: '76', to: '60' }));
    const settingNote = new RegExp(
      `^${escapeRegExp(t.cards.cutSetting)
        .replace('\\{\\{character\\}\\}', escapeRegExp(character))
        .replace('\\{\\{from\\}\\}', '[\\d,]{5}')
        .replace('\\{\\{to\\}\\}', setting.length.toLocaleString(locale))}$`,
    );
    expect(notes.filter((n) => settingNote.test(n))).toHaveLength(1);
    expect(notes).toContain(fill(t.cards.cutPlot, { from: (5199).toLocaleString(locale), to: plot.length.toLocaleString(locale) }));
    expect(notes).toContain(t.cards.nsfwSuggested);
    // A visitor has not confirmed being 18+: the preference stays General until they choose.
    expect(await page.getByRole('radio', { name: t.create.general }).isChecked()).toBe(true);
    await f.importer.scrollIntoViewIfNeeded();
    await snapBoth(page, `cards-${lang}-${size}-cut`, viewport);
    await context.close();
  });
});

describe('an adult account importing a card tagged NSFW', () => {
  const t = texts.en;

  it('gets Spicy (18+) chosen with a note, and the persona is saved as 18+', async () => {
    const adult = await signUp('en');
    await callApi('POST', '/user/confirm-adult/', { body: { confirm: true }, token: adult.tokens.access });
    const { context, page } = await newPage(browser, { locale: 'en-US', viewport: PHONE });
    await useSession(page, adult);
    // The account (and its 18+ confirmation) has loaded before the import.
    const info = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/user/info/');
    await page.goto('/persona/new');
    await info;
    const f = form(page, t);
    await f.cardInput.setInputFiles([card('long-v2.json'), card('aria-v2.png')]);
    await expect.poll(() => f.status.getByRole('listitem').allTextContents()).toContain(t.cards.nsfwChosen);
    expect(await page.getByRole('radio', { name: t.create.spicy }).isChecked()).toBe(true);
    await page.getByRole('textbox', { name: t.newPersona.description }).fill('A captain and a lighthouse keeper, one long night watch.');
    await page.getByRole('button', { name: t.newPersona.publish, exact: true }).click();
    await onPath(page, (p) => p.startsWith('/explore/persona/'));
    const uid = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    const persona = await callApi<Persona>('GET', `/persona/details/?persona_uid=${uid}`, { token: adult.tokens.access });
    expect(persona.is_r18).toBe(1);
    expect(persona.char_a_name).toBe('Captain Seraphina Marguerite Alderney-Whitcombe of the North');
    expect(persona.char_b_name).toBe('Aria Vale');
    // The names from the cards are one line.
    expect(persona.char_a_name).not.toMatch(/[\n\t]/);
    await context.close();
  });
});

/** The fixtures the tests read are committed and small. */
it('keeps the sample cards small', () => {
  for (const name of fs.readdirSync(fixtures)) expect(fs.statSync(path.join(fixtures, name)).size).toBeLessThan(64 * 1024);
});
