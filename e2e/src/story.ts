import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { callApi, type Session } from './fixtures';

/** Fills a translation's {{placeholders}} as i18next would (numbers need no formatting here). */
export const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{\s*(\w+)(?:,[^}]*)?\}\}/g, (_, key: string) => String(values[key] ?? ''));

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server');

/** Gives Butter with the operator CLI (CONTRACT.md section 6), as an operator would. */
export async function grantButter(email: string, butter: number): Promise<void> {
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/admin/cli.ts', 'user', 'grant', email, String(butter)], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: inject('dataDir') },
    timeout: 60_000,
  });
}

/** The story's own text on the reader (its paragraphs; not the headings or the version and rewrite controls). */
export const storyLength = async (page: Page) => (await page.locator('.story p').allInnerTexts()).join('').replace(/\s+/g, '').length;

/**
 * The visible text grows between two reads taken while the story is being
 * written. What shows that it is being written (the hint, and Stop when
 * given) is read together at the first text, before waiting for more: the
 * offline writer's short chapters may be finished by the time growth is seen.
 */
export async function expectGrowingText(page: Page, hint: string, stop?: string): Promise<void> {
  await expect.poll(() => storyLength(page), { timeout: 10_000 }).toBeGreaterThan(0);
  const [hintShown, stopShown, before] = await Promise.all([
    page.getByText(hint, { exact: true }).isVisible(),
    stop === undefined ? true : page.getByRole('button', { name: stop }).isVisible(),
    storyLength(page),
  ]);
  expect(hintShown).toBe(true);
  expect(stopShown).toBe(true);
  await expect.poll(() => storyLength(page), { timeout: 5000, interval: 200 }).toBeGreaterThan(before);
}

/** The two characters and the plot of a story started through the API. */
export type StoryStart = { char_a_name: string; char_a_setting: string; char_b_name: string; char_b_setting: string; plot: string };

/**
 * Starts a general story in `language` as `session` through the API, grants the Butter it costs with the
 * operator CLI, and waits until the offline writer has written its first chapter. Answers the novel's uid.
 */
export async function writtenStory(session: Session, language: string, params: StoryStart): Promise<string> {
  const started = await callApi<{ novel_uid: string }>('POST', '/novel/generate/', {
    token: session.tokens.access,
    body: { params, is_r18: 0, dialogue_heavy: 0, first_person: 0, language, model: 'v1' },
  });
  await grantButter(session.email, 6);
  const status = async () =>
    (
      await callApi<{ novel: { generate_status: string } }>('GET', `/novel/details/?novel_uid=${started.novel_uid}`, {
        token: session.tokens.access,
      })
    ).novel.generate_status;
  await expect.poll(status, { timeout: 40_000, interval: 300 }).toBe('done');
  return started.novel_uid;
}
