import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type enReader from '../../web/src/locales/en/reader.json';
import { launch, newPage, PHONE, snap } from './browser';
import { callApi, signUp, useSession } from './fixtures';
import { texts } from './locales';

// Reading a Chinese story in one's own script (issue 30): a zh-TW reader reads a Simplified story in
// 繁體 by phrase with one tap, the choice is remembered, and the original comes back with another tap.

type Texts = (typeof texts)['en'] & typeof enReader;
type Details = { novel: { generate_status: string }; chapters: { content: string }[] };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('繁體 ⇄ 简体 on the work reader', () => {
  it('converts a Simplified story for a zh-TW reader, remembers it, and shows the original again', async () => {
    const t = (texts['zh-TW'] as unknown as Texts).reader.script;
    const session = await signUp('zh-TW');
    const started = await callApi<{ novel_uid: string }>('POST', '/novel/generate/', {
      token: session.tokens.access,
      body: {
        params: { char_a_name: '林', char_a_setting: '灯塔看守人，三十四岁。', char_b_name: '周', char_b_setting: '绘制海图的人。', plot: '暴风雨把他困在她的岛上。' },
        is_r18: 0,
        dialogue_heavy: 0,
        first_person: 0,
        language: 'zh-CN',
        model: 'v1',
      },
    });
    const uid = started.novel_uid;
    const details = () => callApi<Details>('GET', `/novel/details/?novel_uid=${uid}`, { token: session.tokens.access });
    await expect.poll(async () => (await details()).novel.generate_status, { timeout: 40_000, interval: 300 }).toBe('done');
    const original = (await details()).chapters[0]!.content.replace(/\s+/g, '');

    const { context, page } = await newPage(browser, { locale: 'zh-TW', viewport: PHONE });
    await useSession(page, session);
    await page.goto(`/myworks/detail/${uid}`);
    const story = page.locator('.story');
    await story.locator('p').first().waitFor();
    const shown = async () => (await story.locator('p').allInnerTexts()).join('').replace(/\s+/g, '');
    expect(await shown()).toBe(original);
    expect(await story.getAttribute('lang')).toBe('zh-CN');

    await page.getByRole('button', { name: t.convert.s2t }).click();
    await expect.poll(() => story.getAttribute('lang')).toBe('zh-TW');
    const converted = await shown();
    expect(converted).not.toBe(original);
    expect(await page.getByRole('button', { name: t.original.s2t }).getAttribute('aria-pressed')).toBe('true');
    await snap(page, 'reading-zh-TW-converted-phone');

    // Remembered on this device.
    await page.reload();
    await expect.poll(() => story.getAttribute('lang'), { timeout: 10_000 }).toBe('zh-TW');
    expect(await shown()).toBe(converted);

    await page.getByRole('button', { name: t.original.s2t }).click();
    await expect.poll(() => story.getAttribute('lang')).toBe('zh-CN');
    expect(await shown()).toBe(original);
    // Copies and edits use what the author wrote: the saved text never changed.
    expect((await details()).chapters[0]!.content.replace(/\s+/g, '')).toBe(original);

    // The story as an EPUB: the mimetype first and stored, the package in the story's language.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: (texts['zh-TW'] as unknown as Texts).reader.downloadEpub }).click(),
    ]);
    const bytes = new Uint8Array(await readFile((await download.path())!));
    expect(download.suggestedFilename()).toMatch(/\.epub$/);
    expect(new TextDecoder().decode(bytes.subarray(30, 38))).toBe('mimetype');
    expect(new TextDecoder().decode(bytes.subarray(38, 58))).toBe('application/epub+zip');
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain('<dc:language>zh-CN</dc:language>');
    expect(text).toContain((await details()).chapters[0]!.content.trim().slice(0, 8));
    await context.close();
  });
});
