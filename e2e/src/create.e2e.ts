import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, newPage, PHONE, snap } from './browser';
import { callApi, signUp, useSession } from './fixtures';
import type createEn from '../../web/src/locales/en/create.json';
import type samplesEn from '../../web/src/locales/en/samples.json';
import type walletEn from '../../web/src/locales/en/wallet.json';
import { texts as allTexts } from './locales';

/** The app's texts with this feature's parts typed by their English files. */
type Texts = (typeof allTexts)['en'] & typeof createEn & typeof samplesEn & typeof walletEn;
const texts = { en: allTexts.en as Texts, ja: allTexts.ja as Texts };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

type StoredDraft = Record<string, string>;

/** How the samples open in each tested interface language. */
const SAMPLE_OPENINGS = {
  en: {
    dragonTitle: 'The Keeper of the High Roost',
    dragonOpening: /^The letter has been heavy in your coat/,
    lighthouseTitle: 'The Lamp at Cape Sorrow',
  },
  ja: { dragonTitle: '高き巣の竜の番人', dragonOpening: /^手紙は三日間、コートの中で重たかった/, lighthouseTitle: '嘆きの岬の灯' },
} as const;

const CASES = [
  { lang: 'en', locale: 'en-US', size: 'phone', viewport: PHONE },
  { lang: 'ja', locale: 'ja-JP', size: 'phone', viewport: PHONE },
  { lang: 'en', locale: 'en-US', size: 'desktop', viewport: DESKTOP },
  { lang: 'ja', locale: 'ja-JP', size: 'desktop', viewport: DESKTOP },
] as const;

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).first().textContent();
const onPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname.replace(/(.)\/$/, '$1') === pathname);
const storedDraft = (page: Page) =>
  page.evaluate(() => JSON.parse(window.localStorage.getItem('articleDraft') ?? 'null') as StoredDraft | null);

/** The form's controls, found the way a user finds them: by their visible labels. */
function form(page: Page, t: Texts) {
  const c = t.create;
  const group = (name: string) => page.getByRole('group', { name, exact: true });
  return {
    characterA: group(c.characterA),
    characterB: (legend: string) => group(legend),
    name: (group: Locator) => group.getByRole('textbox', { name: c.name, exact: true }),
    setting: (group: Locator) => group.getByRole('textbox', { name: c.setting, exact: true }),
    plot: page.getByRole('textbox', { name: c.plot, exact: true }),
    radio: (name: string) => page.getByRole('radio', { name }),
    generate: page.getByRole('button', { name: c.generate.replace('{{cost}}', '6'), exact: true }),
    nameErrors: page.getByText(c.nameRequired, { exact: true }),
  };
}

const STORY = {
  en: {
    a: 'Ines',
    settingA: 'A lighthouse keeper, 34; she takes the lead.',
    b: 'Tomás',
    settingB: 'A surveyor, 37.',
    plot: 'A storm traps them in the lighthouse until dawn.',
  },
  ja: {
    a: '湊',
    settingA: '灯台守。34歳。関係をリードする側。',
    b: '朔',
    settingB: '測量士。37歳。',
    plot: '嵐の夜、灯台に閉じ込められた二人は夜明けまで秘密を打ち明け合う。',
  },
};

describe.each(CASES)('the generation form in $locale on a $size', ({ lang, locale, size, viewport }) => {
  const t = texts[lang];
  const story = STORY[lang];

  it('asks for the names, relabels Character B by perspective, autosaves the draft and keeps it through the login', async () => {
    const { context, page } = await newPage(browser, { locale, viewport });
    await page.goto('/article/create');
    await expect.poll(() => h1(page)).toBe(t.screens.create);
    const f = form(page, t);
    // Defaults (SPEC.md section 5): third person, more description, general for a visitor, the browser's language.
    expect(await f.radio(t.create.thirdPerson).isChecked()).toBe(true);
    expect(await f.radio(t.create.moreDescription).isChecked()).toBe(true);
    expect(await f.radio(t.create.general).isChecked()).toBe(true);
    expect(await f.radio(lang === 'en' ? 'English' : '日本語').isChecked()).toBe(true);
    // The three samples are offered for inspiration.
    const samples = page.getByRole('navigation', { name: t.samples.inspiration });
    expect(await samples.getByRole('link').count()).toBe(3);
    await snap(page, `create-${lang}-${size}-empty`);

    // Both names and the plot are required; the prompt sits under each field and is tied to it.
    await f.generate.click();
    await expect.poll(() => f.nameErrors.count()).toBe(2);
    expect(await page.getByText(t.create.plotRequired, { exact: true }).isVisible()).toBe(true);
    const nameA = f.name(f.characterA);
    expect(await nameA.getAttribute('aria-invalid')).toBe('true');
    expect(await nameA.evaluate((input) => input === document.activeElement)).toBe(true);
    const describedBy = await nameA.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(t.create.nameRequired);
    await snap(page, `create-${lang}-${size}-errors`);

    await nameA.fill(story.a);
    await f.setting(f.characterA).fill(story.settingA);
    const groupB = f.characterB(t.create.characterB);
    await f.name(groupB).fill(story.b);
    await f.setting(groupB).fill(story.settingB);
    await f.plot.fill(story.plot);
    await expect.poll(() => f.nameErrors.count()).toBe(0);

    // Second person: Character B is "you"; first person: "me".
    await f.radio(t.create.secondPerson).check();
    await f.characterB(t.create.characterBYou).waitFor();
    await snap(page, `create-${lang}-${size}-second-person`);
    await f.radio(t.create.firstPerson).check();
    await f.characterB(t.create.characterBMe).waitFor();
    expect(await f.name(f.characterB(t.create.characterBMe)).inputValue()).toBe(story.b);
    await f.radio(t.create.moreDialogue).check();
    await f.radio('한국어').check();

    // Autosaved within 3 s (the next tick of the 3 s autosave), restored after a reload.
    await expect
      .poll(() => storedDraft(page), { timeout: 3_500, interval: 100 })
      .toEqual({
        characterA: story.a,
        settingA: story.settingA,
        characterB: story.b,
        settingB: story.settingB,
        plot: story.plot,
        perspective: 'firstPerson',
        isR18: 'notR18',
        writingStyle: 'conversation',
        selectedLanguageForGen: 'ko',
      });
    await page.reload();
    const restoredB = f.characterB(t.create.characterBMe);
    await restoredB.waitFor();
    expect(await f.name(f.characterA).inputValue()).toBe(story.a);
    expect(await f.setting(f.characterA).inputValue()).toBe(story.settingA);
    expect(await f.name(restoredB).inputValue()).toBe(story.b);
    expect(await f.plot.inputValue()).toBe(story.plot);
    expect(await f.radio(t.create.moreDialogue).isChecked()).toBe(true);
    expect(await f.radio('한국어').isChecked()).toBe(true);
    await snap(page, `create-${lang}-${size}-restored`);

    // A visitor who is not logged in goes to the login; the draft stays.
    await f.generate.click();
    await onPath(page, '/login');
    expect((await storedDraft(page))?.characterA).toBe(story.a);
    await context.close();
  });

  it('generates with the offline writer, lands on the works list, prefills from the novel and runs out of Butter', async () => {
    const session = await signUp(lang);
    const { context, page } = await newPage(browser, { locale, viewport });
    await useSession(page, session);
    await page.goto('/article/create');
    const f = form(page, t);
    // A new account has 6 Butter: the balance and the offline writer are shown by the button.
    const balance = page.getByTestId('create-balance');
    await expect.poll(() => balance.textContent()).toBe(t.create.balance.replace('{{count}}', '6'));
    await page.getByText(t.create.offlineWriter, { exact: true }).waitFor();
    expect(await f.radio(t.create.general).isChecked()).toBe(true);

    await f.name(f.characterA).fill(story.a);
    await f.name(f.characterB(t.create.characterB)).fill(story.b);
    await f.plot.fill(story.plot);
    await f.radio(t.create.secondPerson).check();
    await f.generate.scrollIntoViewIfNeeded();
    await snap(page, `create-${lang}-${size}-ready`);
    await f.generate.click();
    await onPath(page, '/user/work');

    type NovelPage = { results: { uid: string; title: string; first_person: number; generate_status: string }[] };
    const novels = await callApi<NovelPage>('GET', `/novel/list/?author_uid=${session.uid}&page=1`, { token: session.tokens.access });
    expect(novels.results).toHaveLength(1);
    const novel = novels.results[0]!;
    expect(novel.title).toBe(Array.from(story.plot).slice(0, 12).join(''));
    expect(novel.first_person).toBe(2);

    // /article/create/{id}: prefilled from that novel.
    await page.goto(`/article/create/${novel.uid}`);
    const you = f.characterB(t.create.characterBYou);
    await expect.poll(() => f.name(you).inputValue()).toBe(story.b);
    expect(await f.name(f.characterA).inputValue()).toBe(story.a);
    expect(await f.plot.inputValue()).toBe(story.plot);
    expect(await f.radio(t.create.secondPerson).isChecked()).toBe(true);
    await expect.poll(() => balance.textContent()).toBe(t.create.balance.replace('{{count}}', '0'));
    await snap(page, `create-${lang}-${size}-from-novel`);

    // 0 Butter left: the insufficient-Butter dialog, and its Recharge button.
    await f.generate.click();
    const dialog = page.getByRole('dialog', { name: t.wallet.insufficientTitle });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(t.wallet.insufficientBody);
    await snap(page, `create-${lang}-${size}-no-butter`);
    await dialog.getByRole('button', { name: t.wallet.recharge, exact: true }).click();
    await onPath(page, '/recharge');
    await context.close();
  });

  it('reads a sample story logged out and generates another one from it', async () => {
    const { context, page } = await newPage(browser, { locale, viewport });
    await page.goto('/p/no-such-sample');
    await page.getByRole('heading', { name: t.samples.notFound }).waitFor();
    expect(await page.getByRole('list', { name: t.samples.listLabel }).getByRole('link').count()).toBe(3);
    await snap(page, `samples-${lang}-${size}-not-found`);

    await page.goto('/article/create');
    await page.getByRole('navigation', { name: t.samples.inspiration }).getByRole('link', { name: t.samples.dragonKeeper }).click();
    await onPath(page, '/p/you-and-the-dragon-keeper');
    await expect.poll(() => h1(page)).toBe(t.screens.sample);
    // The sample reads in the interface language (issue 20) and still generates in English.
    const sample = SAMPLE_OPENINGS[lang];
    await page.getByRole('heading', { level: 2, name: sample.dragonTitle }).waitFor();
    expect(await page.getByText(sample.dragonOpening).isVisible()).toBe(true);
    await snap(page, `samples-${lang}-${size}-story`);
    await page.getByRole('button', { name: t.samples.generateAnother, exact: true }).scrollIntoViewIfNeeded();
    await snap(page, `samples-${lang}-${size}-story-end`);

    await page.getByRole('button', { name: t.samples.generateAnother, exact: true }).click();
    await onPath(page, '/article/create');
    expect(await storedDraft(page)).toMatchObject({
      characterA: 'Corvin',
      characterB: 'You',
      perspective: 'secondPerson',
      isR18: 'R18',
      writingStyle: 'conversation',
      selectedLanguageForGen: 'en',
    });
    const f = form(page, t);
    const you = f.characterB(t.create.characterBYou);
    await expect.poll(() => f.name(you).inputValue()).toBe('You');
    expect(await f.name(f.characterA).inputValue()).toBe('Corvin');
    expect(await f.radio(t.create.secondPerson).isChecked()).toBe(true);
    expect(await f.radio(t.create.spicy).isChecked()).toBe(true);
    expect(await f.radio(t.create.moreDialogue).isChecked()).toBe(true);
    expect(await f.radio('English').isChecked()).toBe(true);
    await snap(page, `samples-${lang}-${size}-prefilled`);

    // The sample page's back link leads to the creation screen.
    await page.goto('/p/ines-and-tomas-lighthouse');
    await page.getByRole('heading', { level: 2, name: sample.lighthouseTitle }).waitFor();
    await page.getByRole('link', { name: t.samples.back }).click();
    await onPath(page, '/article/create');

    // Picking the sample's language shows it in that language, and then it generates in it.
    await page.goto('/p/ines-and-tomas-lighthouse');
    await page.getByRole('group', { name: t.samples.languageLabel }).getByRole('radio', { name: '한국어' }).check();
    await page.getByRole('heading', { level: 2, name: '소로 곶의 등불' }).waitFor();
    expect(await page.getByText(/^폭풍이 등대 문을 두드린 지 세 시간째/).isVisible()).toBe(true);
    await snap(page, `samples-${lang}-${size}-story-ko`);
    await page.getByRole('button', { name: t.samples.generateAnother, exact: true }).click();
    await onPath(page, '/article/create');
    expect(await storedDraft(page)).toMatchObject({ characterA: '이네스', characterB: '토마스', selectedLanguageForGen: 'ko' });
    await expect.poll(() => f.name(f.characterA).inputValue()).toBe('이네스');
    expect(await f.radio('한국어').isChecked()).toBe(true);
    await context.close();
  });
});

describe('the spicy preference', () => {
  const t = texts.en;

  it('is the default for an account that confirmed being 18+, and asks the others once', async () => {
    const adult = await signUp('en');
    await callApi('POST', '/user/confirm-adult/', { body: { confirm: true }, token: adult.tokens.access });
    const first = await newPage(browser, { locale: 'en-US', viewport: PHONE });
    await useSession(first.page, adult);
    await first.page.goto('/article/create');
    await first.page.getByTestId('create-balance').waitFor();
    await expect.poll(() => form(first.page, t).radio(t.create.spicy).isChecked()).toBe(true);
    await first.context.close();

    const viewer = await signUp('en');
    const { context, page } = await newPage(browser, { locale: 'en-US', viewport: PHONE });
    await useSession(page, viewer);
    await page.goto('/article/create');
    await page.getByTestId('create-balance').waitFor();
    const f = form(page, t);
    expect(await f.radio(t.create.general).isChecked()).toBe(true);

    // Cancel keeps General.
    await f.radio(t.create.spicy).click();
    const dialog = page.getByRole('dialog', { name: t.create.ageTitle });
    await dialog.waitFor();
    await snap(page, 'create-en-phone-age-dialog');
    await dialog.getByRole('button', { name: t.create.ageCancel, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await f.radio(t.create.general).isChecked()).toBe(true);

    // Confirming records the account's 18+ confirmation and picks Spicy.
    await f.radio(t.create.spicy).click();
    await dialog.getByRole('button', { name: t.create.ageConfirm, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => f.radio(t.create.spicy).isChecked()).toBe(true);
    const info = await callApi<{ adult_confirmed_at: number | null }>('GET', '/user/info/', { token: viewer.tokens.access });
    expect(info.adult_confirmed_at).not.toBeNull();
    await context.close();
  });
});
