import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type enCowrite from '../../web/src/locales/en/cowrite.json';
import { DESKTOP, launch, newPage, PHONE, snap } from './browser';
import { callApi, signUp, useSession, type Session } from './fixtures';
import { texts } from './locales';
import { fill, writtenStory } from './story';

// Co-writing in place (issue 50): select a sentence of a finished chapter (a finger on a phone, the
// mouse on a desktop), ask for variants, see each one's difference, accept one, and undo it from the
// chapter's history. The offline writer answers: each of its takes adds one sentence to the selection.

type Lang = 'en' | 'ko';
type Texts = (typeof texts)['en'] & typeof enCowrite;
const textsOf = (lang: Lang) => texts[lang] as unknown as Texts;
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** The offline writer's first take adds this sentence (server/src/generation/offline/cowrite.ts). */
const FIRST_TAKE: Record<Lang, string> = { en: 'For a moment, nothing moved.', ko: '그 순간, 아무도 움직이지 않았다.' };

type Details = { novel: { generate_status: string }; chapters: { content: string }[] };
const details = (session: Session, uid: string) =>
  callApi<Details>('GET', `/novel/details/?novel_uid=${uid}`, { token: session.tokens.access });

async function story(session: Session, lang: Lang): Promise<string> {
  const uid = await writtenStory(session, lang, {
    char_a_name: lang === 'ko' ? '서윤' : 'Ines',
    char_a_setting: lang === 'ko' ? '등대지기. 32세.' : 'A lighthouse keeper of 34.',
    char_b_name: lang === 'ko' ? '도현' : 'Tomas',
    char_b_setting: lang === 'ko' ? '지도 제작자. 30세.' : 'A cartographer of 31.',
    plot: lang === 'ko' ? '폭풍우 치는 밤, 두 사람은 등대에서 아침을 기다린다.' : 'A storm keeps them in the lighthouse until morning.',
  });
  return uid;
}

/** The first sentence of the chapter's first paragraph, selected by a finger (a DOM range) or by dragging the mouse. */
async function selectFirstSentence(page: Page, how: 'touch' | 'mouse'): Promise<string> {
  const found = await page.evaluate((useRange) => {
    const paragraph = document.querySelector('section[data-chapter="0"] > p')!;
    const walker = document.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT);
    const node = walker.nextNode() as Text;
    const text = node.data;
    const end = text.search(/[.!?。！？](\s|$)/u) + 1;
    const range = document.createRange();
    range.setStart(node, 0);
    range.setEnd(node, end);
    const rects = range.getClientRects();
    const first = rects[0]!;
    const last = rects[rects.length - 1]!;
    if (useRange) {
      document.getSelection()!.removeAllRanges();
      document.getSelection()!.addRange(range);
    }
    return {
      sentence: text.slice(0, end),
      from: { x: first.left + 1, y: first.top + first.height / 2 },
      to: { x: last.right - 1, y: last.top + last.height / 2 },
    };
  }, how === 'touch');
  if (how === 'mouse') {
    await page.mouse.move(found.from.x, found.from.y);
    await page.mouse.down();
    await page.mouse.move(found.to.x, found.to.y, { steps: 8 });
    await page.mouse.up();
  }
  return found.sentence;
}

async function axeFindings(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    type Finding = { id: string; impact: string; nodes: { target: string[] }[] };
    const axe = (window as unknown as { axe: { run: (ctx: Document, options: object) => Promise<{ violations: Finding[] }> } }).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([
  ['ko', PHONE, 'touch'],
  ['en', DESKTOP, 'mouse'],
] as const)('co-writing in %s', (lang, viewport, how) => {
  it('selects a sentence, gets three variants as differences, accepts one and undoes it from the history', async () => {
    const t = textsOf(lang).cowrite;
    const shot = (name: string) => `cowrite-${lang}-${name}-${viewport === PHONE ? 'phone' : 'desktop'}`;
    const session = await signUp(lang);
    const uid = await story(session, lang);
    const original = (await details(session, uid)).chapters[0]!.content;
    const { context, page } = await newPage(browser, { locale: lang === 'ko' ? 'ko-KR' : 'en-US', viewport, hasTouch: how === 'touch' });
    await useSession(page, session);
    await page.goto(`/myworks/detail/${uid}`);
    await page.locator('section[data-chapter="0"] > p').first().waitFor();

    const sentence = await selectFirstSentence(page, how);
    const bar = page.getByRole('region', { name: t.selectionBar });
    await bar.waitFor();
    await snap(page, shot('selected'));
    await bar.getByRole('button', { name: t.revise, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: t.reviseTitle });
    await dialog.getByText(sentence, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: t.preset.melancholy }).click();
    expect(await dialog.getByLabel(t.instruction).inputValue()).toBe(t.preset.melancholy);
    await dialog.getByRole('button', { name: fill(t.ask_other, { count: 3, cost: 1 }) }).click();
    await dialog.getByRole('button', { name: fill(t.accept, { number: 3 }) }).waitFor({ timeout: 20_000 });
    // Each variant is its difference from the selection: the added sentence is marked as inserted.
    const inserted = dialog.locator('.revise-variant').first().locator('ins');
    expect((await inserted.allInnerTexts()).join('')).toContain(FIRST_TAKE[lang]);
    expect(await axeFindings(page)).toEqual([]);
    await snap(page, shot('variants'));

    await dialog.getByRole('button', { name: fill(t.accept, { number: 1 }) }).click();
    await dialog.waitFor({ state: 'detached' });
    const revised = original.replace(sentence, `${sentence}${lang === 'ko' ? ' ' : ' '}${FIRST_TAKE[lang]}`);
    await expect.poll(async () => (await details(session, uid)).chapters[0]!.content).toBe(revised);
    await page.getByText(FIRST_TAKE[lang]).first().waitFor();

    // Undo from the history: the model's text comes back, and the restore is itself an entry.
    await page.getByRole('button', { name: fill(t.history, { number: 1 }) }).click();
    const history = page.getByRole('dialog', { name: fill(t.historyTitle, { number: 1 }) });
    await history.getByText(t.source.revise, { exact: true }).waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await snap(page, shot('history'));
    await history
      .getByRole('button', {
        name: new RegExp(`^${fill(t.restore, { source: t.source.model, time: '' }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      })
      .click();
    await expect.poll(async () => (await details(session, uid)).chapters[0]!.content).toBe(original);
    await history.getByText(t.source.restore, { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(async () => page.getByText(FIRST_TAKE[lang]).count()).toBe(0);
    await context.close();
  });
});
