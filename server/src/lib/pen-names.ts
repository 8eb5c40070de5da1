import { randomInt } from 'node:crypto';
import type { Language } from '@butterfic/contract';

/**
 * Pen names (issue 25, docs/decisions/0036): a new account is shown as two words in its language plus a
 * number, never as anything taken from its e-mail address. The words are written for each language (not
 * translated from English); the owner can change the name on /user.
 */
type Words = { first: readonly string[]; second: readonly string[]; join: (first: string, second: string, n: number) => string };

const spaced = (first: string, second: string, n: number) => `${first} ${second} ${n}`;
const joined = (first: string, second: string, n: number) => `${first}${second}${n}`;

export const PEN_NAME_WORDS: Record<Language, Words> = {
  en: {
    first: [
      'Quiet', 'Amber', 'Silver', 'Velvet', 'Gentle', 'Wandering', 'Midnight', 'Golden', 'Misty', 'Crimson', 'Lucky', 'Sleepy',
      'Brave', 'Clever', 'Hidden', 'Starry', 'Autumn', 'Lunar', 'Rosy', 'Mellow', 'Whispering', 'Dreamy', 'Cozy', 'Bright',
    ],
    second: [
      'Willow', 'Fox', 'Sparrow', 'Lantern', 'Quill', 'Otter', 'Comet', 'Maple', 'Raven', 'Harbor', 'Meadow', 'Teacup',
      'Petal', 'Heron', 'Ember', 'Fern', 'Moth', 'Pebble', 'Orchid', 'Robin', 'Thistle', 'Wren', 'Cloud', 'Brook',
    ],
    join: spaced,
  },
  'zh-CN': {
    first: [
      '微风', '星夜', '月下', '晚樱', '青柠', '云端', '雨后', '清晨', '暖阳', '深海', '林间', '雪夜',
      '竹影', '橘色', '琥珀', '初夏', '薄荷', '山间', '湖畔', '银河',
    ],
    second: [
      '书客', '旅人', '猫咪', '狐狸', '信使', '墨客', '诗人', '灯笼', '纸鹤', '白鹭', '麻雀', '海豚',
      '茶杯', '花瓣', '松鼠', '画师', '歌者', '小鹿', '水母', '萤火',
    ],
    join: joined,
  },
  'zh-TW': {
    first: [
      '微風', '星夜', '月下', '晚櫻', '青檸', '雲端', '雨後', '清晨', '暖陽', '深海', '林間', '雪夜',
      '竹影', '橘色', '琥珀', '初夏', '薄荷', '山間', '湖畔', '銀河',
    ],
    second: [
      '書客', '旅人', '貓咪', '狐狸', '信使', '墨客', '詩人', '燈籠', '紙鶴', '白鷺', '麻雀', '海豚',
      '茶杯', '花瓣', '松鼠', '畫師', '歌者', '小鹿', '水母', '螢火',
    ],
    join: joined,
  },
  ko: {
    first: [
      '조용한', '반짝이는', '포근한', '용감한', '졸린', '수줍은', '다정한', '느긋한', '떠도는', '새벽의', '달빛', '은빛',
      '푸른', '작은', '상냥한', '꿈꾸는', '노을빛', '봄날의', '별빛', '하얀',
    ],
    second: [
      '여우', '고양이', '참새', '여행자', '작가', '시인', '수달', '다람쥐', '고래', '나비', '등불', '구름',
      '토끼', '부엉이', '해달', '사슴', '펭귄', '반딧불', '단풍', '별',
    ],
    join: spaced,
  },
  ja: {
    first: [
      '月夜の', '星空の', '雨上がりの', '朝焼けの', '森の', '海辺の', '雪色の', '春風の', '琥珀の', '小さな', '静かな', '眠れる',
      '迷子の', '銀色の', '夕暮れの', '桜色の', '青い', '白い', '優しい', '夢見る',
    ],
    second: [
      '旅人', '書き手', '子狐', '黒猫', '小鳥', '詩人', '灯り', '羽根ペン', '白鷺', '綿雲', '栗鼠', '歌い手',
      '子鹿', '海月', '蛍', '紙飛行機', '画家', '雀', '兎', '星屑',
    ],
    join: joined,
  },
};

/** A fresh pen name in `language`: two words plus a number from 10 to 9999 (e.g. "Quiet Willow 482", "月下书客482"). */
export function penName(language: Language): string {
  const words = PEN_NAME_WORDS[language] ?? PEN_NAME_WORDS.en;
  const pick = (list: readonly string[]) => list[randomInt(list.length)]!;
  return words.join(pick(words.first), pick(words.second), randomInt(10, 10_000));
}

/** The part of an address before the last `@`, the name a user must not be shown by (case-insensitive). */
export function isEmailLocalPart(name: string, email: string): boolean {
  const at = email.lastIndexOf('@');
  const local = (at < 0 ? email : email.slice(0, at)).trim().toLowerCase();
  const candidate = name.trim().toLowerCase();
  return candidate === local || candidate === email.trim().toLowerCase();
}
