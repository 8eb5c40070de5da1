import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, newPage, PHONE, snap } from './browser';
import { callApi, importPersonas, signUp, useSession, type Session } from './fixtures';
import { texts } from './locales';

/**
 * axe-core on every route (SPEC.md section 2 and the routes router.tsx adds), signed in and with a
 * story, a post and a persona to show. Each language is checked on a phone and a desktop, in the
 * light and the dark theme (every route is checked in both themes and both sizes in each language,
 * four runs per route per language pair). Any serious or critical finding fails.
 */

// Evaluated through the DevTools protocol: the app's Content-Security-Policy rightly refuses inline script tags.
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Lang = 'en' | 'zh-TW';
type Finding = { id: string; impact: string | null; help: string; nodes: { target: string[]; failureSummary?: string }[] };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const STORY: Record<Lang, { a: string; b: string; aSetting: string; bSetting: string; plot: string; title: string }> = {
  en: {
    a: 'Ines',
    b: 'Tomas',
    aSetting: 'A lighthouse keeper of 34.',
    bSetting: 'A shipwrecked cartographer of 31.',
    plot: 'A storm strands a cartographer on a lighthouse island for one long week.',
    title: 'Seven Nights of Storm',
  },
  'zh-TW': {
    a: '阿湊',
    b: '小朔',
    aSetting: '燈塔看守人，三十四歲，沉默寡言。',
    bSetting: '漂流上岸的地圖繪製師，三十一歲。',
    plot: '颱風夜裡，燈塔看守人收留了一位漂流上岸的地圖繪製師，兩人被困了整整一週。',
    title: '七夜颱風',
  },
};

type World = { session: Session; novel: string; post: string; persona: string };

/** A signed-in reader with a finished story, a public post about it and a persona in the feed. */
async function makeWorld(lang: Lang): Promise<World> {
  const session = await signUp(lang);
  const s = STORY[lang];
  const token = session.tokens.access;
  const started = await callApi<{ novel_uid: string }>('POST', '/novel/generate/', {
    token,
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
        (await callApi<{ novel: { generate_status: string } }>('GET', `/novel/details/?novel_uid=${started.novel_uid}`, { token })).novel
          .generate_status,
      { timeout: 45_000, interval: 500 },
    )
    .toBe('done');
  const post = await callApi<{ uid: string }>('POST', '/post/create/', {
    token,
    body: {
      title: s.title,
      content: `${s.plot}\n\n${s.aSetting}\n\n${s.bSetting}`,
      novel_id: started.novel_uid,
      novel_modified: 0,
      is_public: 1,
      language: lang,
    },
  });
  const feed = await callApi<{ results: { uid: string }[] }>('GET', `/persona/list/?language=${lang}&page=1`, { token });
  let persona = feed.results[0]?.uid;
  if (!persona) {
    await importPersonas([
      {
        key: `a11y-${lang}`,
        language: lang,
        author_name: 'butterfic',
        char_a_name: s.a,
        char_a_setting: s.aSetting,
        char_b_name: s.b,
        char_b_setting: s.bSetting,
        plot: s.plot,
        description: s.plot,
        is_r18: 0,
        tags: 'storm, lighthouse',
        first_person: 0,
        dialogue_heavy: 0,
        used_count: 3,
      },
    ]);
    persona = (await callApi<{ results: { uid: string }[] }>('GET', `/persona/list/?language=${lang}&page=1`, { token })).results[0]!.uid;
  }
  return { session, novel: started.novel_uid, post: post.uid, persona };
}

/** Every route; `auth` ones are visited signed in. */
function routesOf(w: World): { path: string; auth: boolean }[] {
  const open = [
    '/',
    '/article/create',
    '/explore',
    '/read',
    '/login',
    '/verify',
    '/forgot-password',
    `/explore/persona/${w.persona}`,
    `/explore/post/${w.post}`,
    `/article/detail/${w.novel}`,
    '/change-language',
    '/user-agreement',
    '/about-us',
    '/legal/commerce',
    '/legal/privacy-ko',
    '/p/ines-and-tomas-lighthouse',
    '/p/mira-and-sol-night-train',
    '/p/you-and-the-dragon-keeper',
    '/no-such-page',
  ];
  const signedIn = [
    '/explore',
    `/article/create/${w.novel}`,
    '/user',
    '/user/change-password',
    '/user/work',
    '/user/post',
    '/post',
    `/myworks/detail/${w.novel}`,
    `/myposts/detail/${w.post}`,
    '/newpost',
    `/newpost/bind/${w.novel}`,
    '/persona/new',
    '/redeem',
    '/invitation-code',
    '/recharge',
    '/recharge/complete',
    '/payout/1',
    '/user/transactions',
  ];
  return [...open.map((path) => ({ path, auth: false })), ...signedIn.map((path) => ({ path, auth: true }))];
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await notBusy(page);
}

/** Lazy screens, skeletons and list pages: wait until nothing is marked busy. */
async function notBusy(page: Page): Promise<void> {
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 10_000 }).toBe(0);
  await page.waitForTimeout(150);
}

/**
 * Visits routes one after another in one document, as a reader moving through the app does: the
 * first by loading it, the next ones through the router (history.pushState and a popstate event), each
 * once the network has been quiet for 250 ms and nothing is busy. A full load per route (the app's
 * code parsed and started again, axe injected again) made this file a quarter of the browser step.
 */
function visitor(page: Page) {
  let inFlight = 0;
  let lastActivity = 0;
  const started = () => {
    inFlight++;
    lastActivity = Date.now();
  };
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  let loaded = false;
  return async (path: string) => {
    lastActivity = Date.now();
    if (!loaded) {
      await page.goto(path);
      loaded = true;
    } else {
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate', { state: null }));
      }, path);
    }
    await expect.poll(() => inFlight === 0 && Date.now() - lastActivity >= 250, { timeout: 10_000, interval: 50 }).toBe(true);
    expect(new URL(page.url()).pathname).toBe(path);
    await notBusy(page);
  };
}

async function audit(page: Page): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, options: object) => Promise<{ violations: Finding[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return results.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

const RUNS = [
  { lang: 'en', locale: 'en-US', device: 'phone', viewport: PHONE, colorScheme: 'light' },
  { lang: 'en', locale: 'en-US', device: 'desktop', viewport: DESKTOP, colorScheme: 'dark' },
  { lang: 'zh-TW', locale: 'zh-TW', device: 'phone', viewport: PHONE, colorScheme: 'dark' },
  { lang: 'zh-TW', locale: 'zh-TW', device: 'desktop', viewport: DESKTOP, colorScheme: 'light' },
] as const;

describe('accessibility: axe-core finds nothing serious on any route', () => {
  // Made inside the first test of each language (expect.poll needs a running test), then shared.
  const worlds = new Map<Lang, Promise<World>>();
  const worldOf = (lang: Lang) => {
    if (!worlds.has(lang)) worlds.set(lang, makeWorld(lang));
    return worlds.get(lang)!;
  };

  it.each(RUNS)(
    '$lang on a $device in the $colorScheme theme',
    async ({ lang, locale, device, viewport, colorScheme }) => {
      const world = await worldOf(lang);
      // The signed-out and signed-in passes run side by side: most of a visit is waiting for the network to idle.
      const pass = async (signedIn: boolean) => {
        const failures: string[] = [];
        const { context, page } = await newPage(browser, { locale, viewport, colorScheme });
        if (signedIn) await useSession(page, world.session);
        const visit = visitor(page);
        for (const route of routesOf(world).filter((r) => r.auth === signedIn)) {
          await visit(route.path);
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
          const findings = await audit(page);
          for (const f of findings)
            failures.push(
              `${route.path}${signedIn ? ' (signed in)' : ''}: ${f.id} [${f.impact}] ${f.help}\n    ${f.nodes
                .slice(0, 4)
                .map((n) => `${n.target.join(' ')} — ${(n.failureSummary ?? '').split('\n').slice(1, 2).join('')}`)
                .join('\n    ')}`,
            );
          await snap(page, `a11y-${lang}-${device}-${colorScheme}-${route.path.replace(/[^a-z0-9]+/gi, '_')}`);
        }
        await context.close();
        return failures;
      };
      const failures = (await Promise.all([pass(false), pass(true)])).flat();
      expect(failures.join('\n')).toBe('');
    },
    240_000,
  );
});

describe('keyboard', () => {
  it('reaches the content with the skip link, traps focus in a dialog and returns it on close', async () => {
    const t = texts.en;
    const world = await makeWorld('en');
    const { context, page } = await newPage(browser, { locale: 'en-US', viewport: PHONE });
    await useSession(page, world.session);
    await page.goto('/user');
    await settle(page);
    // The first Tab lands on the skip link, which moves focus to the main content.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(t.common.skipToContent);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    // Focus is visible: the focused element draws an outline.
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe('none');

    // The edit-name dialog: focus stays inside while tabbing and goes back to its opener on Escape.
    const opener = page.getByRole('button', { name: (t as unknown as { profileEdit: { title: string } }).profileEdit.title });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  }, 90_000);
});
