import type { Language } from '@butterfic/contract';

/**
 * A date and time in a mail, as its reader writes them and in their time zone (issue 48). Accounts
 * store no time zone yet: a caller may pass one (an IANA name); otherwise each language has its
 * market's zone (Seoul, Tokyo, Beijing, Taipei) and English stays in UTC. The zone is always named,
 * so the time is never ambiguous. The pattern is ours, not the runtime's ICU data (a server built
 * with small ICU would otherwise write "PM" in Korean).
 */
export const DEFAULT_TIME_ZONES: Record<Language, string> = {
  en: 'UTC',
  'zh-CN': 'Asia/Shanghai',
  'zh-TW': 'Asia/Taipei',
  ko: 'Asia/Seoul',
  ja: 'Asia/Tokyo',
};

/** What each language calls its market's zone; another zone is named by its offset (GMT+9). */
const ZONE_NAMES: Record<Language, string> = { en: 'UTC', 'zh-CN': '北京时间', 'zh-TW': '台灣時間', ko: '한국 시간', ja: '日本時間' };

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

type Parts = { year: number; month: number; day: number; hour: number; minute: number; offset: string };

function partsIn(date: Date, timeZone: string): Parts {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
    timeZoneName: 'shortOffset',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: Number(part('year')),
    month: Number(part('month')),
    day: Number(part('day')),
    hour: Number(part('hour')) % 24,
    minute: Number(part('minute')),
    offset: part('timeZoneName') === 'GMT' ? 'UTC' : part('timeZoneName'),
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/** `date` in `language` and `timeZone` (default: the language's market), with the zone named. */
export function mailDateTime(date: Date, { language, timeZone }: { language: Language; timeZone?: string | undefined }): string {
  let zone = timeZone ?? DEFAULT_TIME_ZONES[language];
  let p: Parts;
  try {
    p = partsIn(date, zone);
  } catch {
    // An unknown zone name: the language's own, rather than no mail.
    zone = DEFAULT_TIME_ZONES[language];
    p = partsIn(date, zone);
  }
  const label = zone === DEFAULT_TIME_ZONES[language] ? ZONE_NAMES[language] : p.offset;
  const time = `${p.hour}:${two(p.minute)}`;
  switch (language) {
    case 'ko': {
      const half = p.hour < 12 ? '오전' : '오후';
      const hour = p.hour % 12 || 12;
      return `${p.year}년 ${p.month}월 ${p.day}일 ${half} ${hour}시${p.minute ? ` ${p.minute}분` : ''}(${label})`;
    }
    case 'ja':
      return `${p.year}年${p.month}月${p.day}日 ${time}（${label}）`;
    case 'zh-CN':
    case 'zh-TW':
      return `${p.year}年${p.month}月${p.day}日 ${time}（${label}）`;
    default:
      return `${p.day} ${MONTHS[p.month - 1]} ${p.year}, ${two(p.hour)}:${two(p.minute)} ${label}`;
  }
}
