import { loadConverter } from '../../web/src/lib/script-conversion';
import type { Figure } from './lists';
import { medianMs } from './timing';

/**
 * Issue 30: converting a 20,000-character Simplified chapter to Traditional (Taiwan usage, by phrase)
 * as the reader does, the first time (dictionaries just loaded) and after, beside a plain
 * character-by-character scan of the same text. Median of 15 runs after 3 warm-ups.
 */
export async function runReading(print: (name: string, figure: Figure) => void): Promise<void> {
  const prose =
    '港口的灯一盏一盏亮起来，三十四岁的伊内丝在暴风雨来临之前数着回港的船只。“你还记得那封信吗？”她问。他没有回答，只是看着海，软件和信息都不重要了。';
  const chapter = prose.repeat(Math.ceil(20_000 / prose.length)).slice(0, 20_000);
  const loadStart = process.hrtime.bigint();
  const convert = await loadConverter('s2t');
  const loadMs = Number(process.hrtime.bigint() - loadStart) / 1e6;
  const firstStart = process.hrtime.bigint();
  convert(chapter);
  const firstMs = Number(process.hrtime.bigint() - firstStart) / 1e6;
  const convertMs = medianMs(() => convert(chapter));
  const baseline = medianMs(() => {
    let n = 0;
    for (const char of chapter) n += char.length;
    if (n < 0) throw new Error('unreachable');
  });
  print('script_convert_20k', {
    load_ms: loadMs.toFixed(0),
    first_ms: firstMs.toFixed(1),
    convert_ms: convertMs.toFixed(1),
    baseline_char_scan_ms: baseline.toFixed(2),
  });
}
