/**
 * Korean particles after a word the text does not know in advance (an e-mail address, a title): 으로/로,
 * 은/는, 을/를, 이/가, 과/와 by how the word's last sound is read (issue 48). A Hangul syllable by its
 * final consonant (ㄹ takes 로); a digit by its Korean reading (1 일, 3 삼…); a Latin word by how
 * Koreans read it (com 컴, net 넷, epub 이펍) or else by its last letter's name (m 엠, l 엘, e 이).
 */
type Ending = 'vowel' | 'rieul' | 'consonant';

/** Latin word endings read as one syllable with a final consonant (or none), as Koreans say them. */
const WORDS: Record<string, Ending> = {
  com: 'consonant', net: 'consonant', app: 'consonant', epub: 'consonant', book: 'consonant', json: 'consonant',
  mail: 'rieul', gmail: 'rieul', html: 'rieul', email: 'rieul', org: 'vowel', io: 'vowel', kr: 'rieul', ai: 'vowel',
};
/** Letter names ending in a consonant: l 엘 and r 알 (ㄹ); m 엠 and n 엔. The rest end in a vowel (a 에이, f 에프…). */
const LETTERS: Record<string, Ending> = { l: 'rieul', r: 'rieul', m: 'consonant', n: 'consonant' };
/** 0 영, 1 일, 3 삼, 6 육, 7 칠, 8 팔 end in a consonant; 2 이, 4 사, 5 오, 9 구 in a vowel. */
const DIGITS: Ending[] = ['consonant', 'rieul', 'vowel', 'consonant', 'vowel', 'vowel', 'consonant', 'rieul', 'rieul', 'vowel'];

export function lastSound(word: string): Ending {
  const trimmed = word.replace(/[\s)\]}’”'"」』.,!?…]+$/u, '');
  const last = trimmed.at(-1) ?? '';
  const code = last.codePointAt(0) ?? 0;
  if (code >= 0xac00 && code <= 0xd7a3) {
    const final = (code - 0xac00) % 28;
    return final === 0 ? 'vowel' : final === 8 ? 'rieul' : 'consonant';
  }
  if (/\d/u.test(last)) return DIGITS[Number(last)]!;
  const latin = /[A-Za-z]+$/u.exec(trimmed)?.[0].toLowerCase();
  if (latin) return WORDS[latin] ?? LETTERS[latin.at(-1)!] ?? 'vowel';
  return 'vowel';
}

/** The particle pairs, by the consonant-final form (the name an i18next format uses: {{email, 으로}}). */
const PARTICLES: Record<string, (ending: Ending) => string> = {
  으로: (ending) => (ending === 'consonant' ? '으로' : '로'),
  은: (ending) => (ending === 'vowel' ? '는' : '은'),
  을: (ending) => (ending === 'vowel' ? '를' : '을'),
  이: (ending) => (ending === 'vowel' ? '가' : '이'),
  과: (ending) => (ending === 'vowel' ? '와' : '과'),
};
export const JOSA_FORMATS = Object.keys(PARTICLES);

/** The particle `form` (으로, 은, 을, 이, 과) as it follows `word`: josa('a@b.com', '으로') is 으로, josa('EPUB 파일', '을') 을. */
export function josa(word: string, form: string): string {
  const pick = PARTICLES[form];
  if (!pick) throw new Error(`unknown particle ${form}`);
  return pick(lastSound(word));
}

/** i18next formats: "{{email}}{{email, 으로}}" gives the particle alone, so a closing quote can stand between. */
export function addJosaFormats(formatter: { add: (name: string, fn: (value: unknown) => string) => void }): void {
  for (const form of JOSA_FORMATS) formatter.add(form, (value) => josa(String(value ?? ''), form));
}
