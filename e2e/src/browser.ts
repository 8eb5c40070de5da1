import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { someClientAddress } from './fixtures';

/** Debian's Chromium (or CHROMIUM_PATH); Playwright never downloads a browser here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 860 };

export async function launch(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`no Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium, or set CHROMIUM_PATH`);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS, headless: true });
}

export async function newPage(
  browser: Browser,
  options: { locale: string; viewport: { width: number; height: number }; colorScheme?: 'light' | 'dark'; hasTouch?: boolean },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: inject('baseUrl'),
    locale: options.locale,
    viewport: options.viewport,
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: 'reduce',
    hasTouch: options.hasTouch ?? false,
    extraHTTPHeaders: { 'X-Forwarded-For': someClientAddress() },
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  return { context, page };
}

/** Saves a screenshot when E2E_SCREENSHOTS names a folder (for looking at the screens by hand). */
export async function snap(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
}
