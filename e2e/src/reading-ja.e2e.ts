import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, newPage, PHONE, snap } from './browser';
import type enReader from '../../web/src/locales/en/reader.json';
import type enWallet from '../../web/src/locales/en/wallet.json';
import { callApi, signUp, useSession } from './fixtures';
import { texts } from './locales';

// Reading and writing in Japanese and Traditional Chinese (issue 30): vertical writing with ruby,
// remembered, scrolled right to left on a phone; Enter that confirms an input method's word never
// submits a form.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Counts form submissions (the default action of Enter in a field) from here on. */
const countSubmits = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { submits: number };
    w.submits = 0;
    document.addEventListener('submit', () => w.submits++, true);
  });
const submits = (page: Page) => page.evaluate(() => (window as unknown as { submits: number }).submits);

describe('IME-safe inputs in ja', () => {
  it('Enter while the input method composes does not submit; Enter after it does', async () => {
    const w = (texts.ja as unknown as { wallet: typeof enWallet.wallet }).wallet;
    const session = await signUp('ja');
    const { context, page } = await newPage(browser, { locale: 'ja', viewport: PHONE });
    await useSession(page, session);
    await page.goto('/redeem');
    const input = page.getByLabel(w.redeemLabel, { exact: true });
    await input.waitFor();
    await countSubmits(page);
    await input.focus();
    // A real composition in Chromium (as a Japanese IME makes one), confirmed with Enter.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Input.imeSetComposition', { text: 'こーど', selectionStart: 3, selectionEnd: 3 });
    await page.keyboard.press('Enter');
    expect(await submits(page)).toBe(0);
    await cdp.send('Input.insertText', { text: 'コード' });
    expect(await input.inputValue()).toBe('コード');
    // The next Enter, with no composition, submits (and the server's answer shows under the field).
    await page.keyboard.press('Enter');
    expect(await submits(page)).toBe(1);
    await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
    await context.close();
  });
});

const STORIES = {
  ja: {
    title: '灯台の夜',
    content: [
      '嵐の夜、｜灯台守《とうだいもり》のイネスは12時を過ぎても灯を守っていた。',
      '「大丈夫？」とトマスは聞いた。港(みなと)の灯りがひとつずつ消えていく。',
      ...Array.from(
        { length: 12 },
        (_, i) => `${i + 1}度目の波が岩を打ち、古い窓硝子《まどガラス》が震えた。彼女は黙って海図を広げ、夜明けまでの時間を数えた。`,
      ),
    ].join('\n\n'),
    ruby: { base: '灯台守', reading: 'とうだいもり' },
  },
  'zh-TW': {
    title: '燈塔之夜',
    content: [
      '暴風雨的夜裡，｜燈塔《とうだい》看守人伊內絲過了12點仍守著燈。',
      '「你還好嗎？」托馬斯問。她讀過《海圖集》（第三冊），卻沒見過這樣的浪。',
      ...Array.from({ length: 12 }, (_, i) => `第${i + 1}道浪打在岩石上，舊窗玻璃輕輕震動。她沉默地攤開海圖，數著離天亮還有多久。`),
    ].join('\n\n'),
    ruby: { base: '燈塔', reading: 'とうだい' },
  },
} as const;

describe('vertical reading with ruby', () => {
  for (const lang of ['ja', 'zh-TW'] as const) {
    it(`reads a ${lang} post vertically on a phone, right to left, with ruby, and remembers it`, async () => {
      const t = (texts[lang] as unknown as { reader: typeof enReader.reader }).reader;
      const story = STORIES[lang];
      const session = await signUp(lang);
      const post = await callApi<{ uid: string }>('POST', '/post/create/', {
        token: session.tokens.access,
        body: { title: story.title, content: story.content, language: lang, is_public: 1 },
      });
      for (const viewport of [PHONE, DESKTOP]) {
        const { context, page } = await newPage(browser, { locale: lang, viewport });
        await page.goto(`/explore/post/${post.uid}`);
        const text = page.locator('.story');
        await text.locator('p').first().waitFor();
        // Ruby as elements: the base with its reading in <rt>; the Chinese book title stays as written.
        const ruby = text.locator('ruby').first();
        expect(await ruby.locator('rt').textContent()).toBe(story.ruby.reading);
        expect(await ruby.evaluate((el) => el.firstChild?.textContent)).toBe(story.ruby.base);
        if (lang === 'zh-TW') expect(await text.textContent()).toContain('《海圖集》（第三冊）');
        const toggle = page.getByRole('button', { name: t.layout.vertical, exact: true });
        // Each context is a new device: horizontal until the reader chooses.
        expect(await toggle.getAttribute('aria-pressed')).toBe('false');
        await snap(page, `reading-${lang}-horizontal-${viewport === PHONE ? 'phone' : 'desktop'}`);
        await toggle.click();
        expect(await toggle.getAttribute('aria-pressed')).toBe('true');
        expect(await text.evaluate((el) => getComputedStyle(el).writingMode)).toBe('vertical-rl');
        // Upright two-digit numbers, and a box that scrolls sideways, opening at the right where the story starts.
        expect(await text.locator('.upright').first().textContent()).toBe('12');
        const box = await text.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, left: el.scrollLeft }));
        if (viewport === PHONE) expect(box.scroll).toBeGreaterThan(box.client);
        expect(box.left).toBe(0);
        const firstColumn = await text.locator('p').first().boundingBox();
        const lastColumn = await text.locator('p').last().boundingBox();
        expect(firstColumn!.x).toBeGreaterThan(lastColumn!.x);
        expect(firstColumn!.x + firstColumn!.width).toBeLessThanOrEqual(viewport.width);
        await snap(page, `reading-${lang}-vertical-${viewport === PHONE ? 'phone' : 'desktop'}`);
        if (viewport === PHONE) {
          // Read on by scrolling to the left.
          await text.evaluate((el) => el.scrollBy({ left: -10_000 }));
          expect(await text.evaluate((el) => el.scrollLeft)).toBeLessThan(0);
          // Remembered on this device.
          await page.reload();
          await text.locator('p').first().waitFor();
          expect(await page.getByRole('button', { name: t.layout.vertical, exact: true }).getAttribute('aria-pressed')).toBe('true');
          expect(await text.evaluate((el) => getComputedStyle(el).writingMode)).toBe('vertical-rl');
          const state = await context.storageState();
          const stored = state.origins.flatMap((o) => o.localStorage).find((item) => item.name === 'reading_layout');
          expect(stored?.value).toBe('vertical');
          // A visitor downloads the post as an EPUB (its author allows it), in vertical writing as read.
          const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t.downloadEpub }).click()]);
          const book = new TextDecoder().decode(new Uint8Array(await readFile((await download.path())!)));
          expect(book).toContain(`<dc:language>${lang}</dc:language>`);
          expect(book).toContain('<spine page-progression-direction="rtl">');
          expect(book).toContain(`<ruby>${story.ruby.base}<rp>(</rp><rt>${story.ruby.reading}</rt><rp>)</rp></ruby>`);
          // Where the author said no, there is no download button.
          const closed = await callApi<{ uid: string }>('POST', '/post/create/', {
            token: session.tokens.access,
            body: { title: story.title, content: story.content, language: lang, is_public: 1, allow_download: 0 },
          });
          await page.goto(`/explore/post/${closed.uid}`);
          await text.locator('p').first().waitFor();
          expect(await page.getByRole('button', { name: t.downloadEpub }).count()).toBe(0);
        }
        await context.close();
      }
    });
  }
});

describe('the work reader in vertical writing', () => {
  it('reads the author’s Japanese story vertically and downloads it as a vertical EPUB', async () => {
    const t = (texts.ja as unknown as { reader: typeof enReader.reader }).reader;
    const session = await signUp('ja');
    const started = await callApi<{ novel_uid: string }>('POST', '/novel/generate/', {
      token: session.tokens.access,
      body: {
        params: {
          char_a_name: 'イネス',
          char_a_setting: '灯台守、三十四歳。',
          char_b_name: 'トマス',
          char_b_setting: '海図を描く人。',
          plot: '嵐が彼を島に閉じ込める。',
        },
        is_r18: 0,
        dialogue_heavy: 0,
        first_person: 0,
        language: 'ja',
        model: 'v1',
      },
    });
    const uid = started.novel_uid;
    await expect
      .poll(
        async () =>
          (
            await callApi<{ novel: { generate_status: string } }>('GET', `/novel/details/?novel_uid=${uid}`, {
              token: session.tokens.access,
            })
          ).novel.generate_status,
        {
          timeout: 40_000,
          interval: 300,
        },
      )
      .toBe('done');
    for (const viewport of [PHONE, DESKTOP]) {
      const { context, page } = await newPage(browser, { locale: 'ja', viewport });
      await useSession(page, session);
      await page.goto(`/myworks/detail/${uid}`);
      const story = page.locator('.story');
      await story.locator('p').first().waitFor();
      await page.getByRole('button', { name: t.layout.vertical, exact: true }).click();
      expect(await story.evaluate((el) => getComputedStyle(el).writingMode)).toBe('vertical-rl');
      await snap(page, `reading-ja-work-vertical-${viewport === PHONE ? 'phone' : 'desktop'}`);
      if (viewport === DESKTOP) {
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t.downloadEpub }).click()]);
        const text = new TextDecoder().decode(new Uint8Array(await readFile((await download.path())!)));
        expect(text).toContain('<dc:language>ja</dc:language>');
        expect(text).toContain('<spine page-progression-direction="rtl">');
        expect(text).toContain('writing-mode: vertical-rl');
      }
      await context.close();
    }
  });
});

describe('read-aloud in ja', () => {
  it('offers read-aloud where a Japanese voice exists, reads dialogue in another voice and marks the sentence', async () => {
    const t = (texts.ja as unknown as { reader: typeof enReader.reader }).reader;
    const session = await signUp('ja');
    const post = await callApi<{ uid: string }>('POST', '/post/create/', {
      token: session.tokens.access,
      body: {
        title: '灯台の夜',
        content: '嵐の夜だった。「大丈夫？」とトマスは聞いた。\n\nイネスは黙っていた。',
        language: 'ja',
        is_public: 1,
      },
    });

    // Headless Chromium has no voices: no controls.
    const bare = await newPage(browser, { locale: 'ja', viewport: PHONE });
    await bare.page.goto(`/explore/post/${post.uid}`);
    await bare.page.locator('.story p').first().waitFor();
    await bare.page.getByRole('button', { name: t.layout.vertical, exact: true }).waitFor();
    expect(await bare.page.getByRole('button', { name: t.readAloud.play }).count()).toBe(0);
    await bare.context.close();

    // A browser with one Japanese voice (and an English one): a speech engine that records what it is given.
    const { context, page } = await newPage(browser, { locale: 'ja', viewport: PHONE });
    await page.addInitScript(() => {
      const voices = [
        { name: 'Kyoko', lang: 'ja-JP', default: true, localService: true, voiceURI: 'Kyoko' },
        { name: 'Samantha', lang: 'en-US', default: false, localService: true, voiceURI: 'Samantha' },
      ];
      type Said = { text: string; voice: string; pitch: number; rate: number };
      const w = window as unknown as { said: Said[]; release: () => void };
      w.said = [];
      let current: { onstart?: () => void; onend?: () => void } | null = null;
      class FakeUtterance {
        voice: { name: string } | null = null;
        lang = '';
        rate = 1;
        pitch = 1;
        onstart?: () => void;
        onend?: () => void;
        onerror?: () => void;
        constructor(public text: string) {}
      }
      // Each sentence ends when the test says so, so the test sees the highlight while it is read.
      w.release = () => {
        const done = current;
        current = null;
        done?.onend?.();
      };
      Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: FakeUtterance });
      Object.defineProperty(window, 'speechSynthesis', {
        value: {
          getVoices: () => voices,
          speak: (u: FakeUtterance) => {
            w.said.push({ text: u.text, voice: u.voice?.name ?? '', pitch: u.pitch, rate: u.rate });
            current = u;
            setTimeout(() => u.onstart?.(), 0);
          },
          cancel: () => {
            current = null;
          },
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        },
      });
    });
    await page.goto(`/explore/post/${post.uid}`);
    const play = page.getByRole('button', { name: t.readAloud.play });
    await play.click();
    type Said = { text: string; voice: string; pitch: number; rate: number };
    const said = () => page.evaluate(() => (window as unknown as { said: Said[] }).said);
    await expect.poll(async () => (await said()).length).toBe(1);
    expect((await said())[0]).toMatchObject({ text: '嵐の夜だった。', voice: 'Kyoko', pitch: 1 });
    // The sentence being read is marked.
    await expect
      .poll(() =>
        page.evaluate(() => (CSS.highlights as unknown as Map<string, Set<Range>>).get('read-aloud')?.values().next().value?.toString()),
      )
      .toBe('嵐の夜だった。');
    await snap(page, 'reading-ja-read-aloud-phone');
    await page.evaluate(() => (window as unknown as { release: () => void }).release());
    await expect.poll(async () => (await said()).length).toBe(2);
    // Dialogue: the one Japanese voice, pitched up.
    expect((await said())[1]).toMatchObject({ text: '「大丈夫？」', voice: 'Kyoko', pitch: 1.25 });
    // Speed: the sentence starts again faster.
    await page.getByLabel(t.readAloud.speed).selectOption('1.5');
    await expect.poll(async () => (await said()).at(-1)).toMatchObject({ text: '「大丈夫？」', rate: 1.5 });
    // Pause and resume: the sentence is read again from its start.
    await page.getByRole('button', { name: t.readAloud.pause }).click();
    const before = (await said()).length;
    await page.getByRole('button', { name: t.readAloud.resume }).click();
    await expect.poll(async () => (await said()).length).toBe(before + 1);
    expect((await said()).at(-1)).toMatchObject({ text: '「大丈夫？」', rate: 1.5 });
    for (let i = 0; i < 3; i++) await page.evaluate(() => (window as unknown as { release: () => void }).release());
    expect((await said()).map((s) => s.text).slice(-3)).toEqual(['「大丈夫？」', 'とトマスは聞いた。', 'イネスは黙っていた。']);
    // The end of the text: back to the start.
    await page.getByRole('button', { name: t.readAloud.play }).waitFor();
    await context.close();
  });
});
