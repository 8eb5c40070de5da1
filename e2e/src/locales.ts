import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type en from '../../web/src/locales/en/common.json';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/src/locales');

/** A language's parts merged, as the app merges them. Typed by the English common part; other parts are reached through `more`. */
function load(lang: string): typeof en & Record<string, Record<string, string>> {
  const folder = path.join(dir, lang);
  return fs
    .readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .reduce((all, f) => ({ ...all, ...JSON.parse(fs.readFileSync(path.join(folder, f), 'utf8')) }), {}) as never;
}

/** The app's own translations, so tests find buttons by the text a user sees. */
export const texts = { en: load('en'), ja: load('ja'), ko: load('ko'), 'zh-CN': load('zh-CN'), 'zh-TW': load('zh-TW') };
