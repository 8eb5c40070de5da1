import type { Lexicon } from './types';

/** German age phrases (read in any story; folded text: fünfzehn is funfzehn, jährig is jahrig). */
const L = '(?<!\\p{L})';
const R = '(?!\\p{L})';
const WORDS =
  'einundzwanzig|zweiundzwanzig|dreiundzwanzig|dreizehn|vierzehn|funfzehn|sechzehn|siebzehn|achtzehn|neunzehn|zwanzig|dreißig|dreissig|vierzig|funfzig|zwolf|eins|eine|ein|zwei|drei|vier|funf|sechs|sieben|acht|neun|zehn|elf';
const N = `(?<n>(?<![\\d.,])\\d{1,3}(?![\\d]|[.,]\\d)|${L}(?:${WORDS})${R})`;
/** The number glued to -jährig: fünfzehnjährige. */
const N_GLUED = `(?<n>(?<![\\d.,])\\d{1,3}|${L}(?:${WORDS}))`;
const NOT_MEASURE = '(?! ?(?:minuten|stunden|tage|wochen|monate|jahre(?! alt)|uhr|euro|cm|meter|kilo|prozent|%|mal|grad|seiten))';
const THINGS = '(?:whisky|wein|cognac|rum|baum|haus|auto|wagen|gebaude|firma|brand)';

export const de: Lexicon = {
  language: 'de',
  script: 'latin',
  gate: 'jahr|\\b(?:ist|wird|wurde|bin|bist|mit|alter|geburtstag|unter|noch|minderjahrig\\w*|schul\\w*|klasse)\\b',
  numbers: {
    ein: 1, eins: 1, eine: 1, zwei: 2, drei: 3, vier: 4, funf: 5, sechs: 6, sieben: 7, acht: 8, neun: 9, zehn: 10, elf: 11, zwolf: 12,
    dreizehn: 13, vierzehn: 14, funfzehn: 15, sechzehn: 16, siebzehn: 17, achtzehn: 18, neunzehn: 19, zwanzig: 20, dreißig: 30,
    dreissig: 30, vierzig: 40, funfzig: 50, und: 0,
  },
  ages: [
    // sie ist 15, Lena ist fünfzehn, sie wurde 16, sie ist erst siebzehn
    { kind: 'age', pattern: `${L}(?:sie|er|ich|du|\\p{L}+) (?:ist|wird|wurde|bin|bist)(?: (?:erst|gerade|schon|noch|kaum|knapp|bereits|jetzt))* ${N}${NOT_MEASURE}` },
    { kind: 'age', pattern: `${L}(?:sie|er|ich|du) war(?: (?:erst|gerade|schon|noch|kaum|knapp|damals))* ${N}${NOT_MEASURE}` },
    // 15 Jahre alt (not "das Haus ist 15 Jahre alt")
    { kind: 'age', pattern: `(?<!${THINGS} (?:ist|war) )${N} ?-? ?jahre? alt${R}` },
    // ein 14-jähriges Mädchen, eine Fünfzehnjährige (not "ein zwölfjähriger Whisky")
    { kind: 'age', pattern: `${N_GLUED}-?jahrig(?:e|er|es|en|em)?${R}(?! ${THINGS})` },
    // mit 14 Jahren, im Alter von 15 Jahren, ihr 16. Geburtstag
    { kind: 'age', pattern: `${L}mit ${N}(?: jahren${R}|(?=,))` },
    { kind: 'age', pattern: `${L}im alter von ${N}` },
    { kind: 'age', pattern: `${L}(?:ihr|sein|ihren|seinen|ihrem|seinem) ${N}\\. geburtstag` },
    // unter 18, noch nicht 18, jünger als 18
    { kind: 'below', pattern: `${L}(?:unter|noch nicht|noch keine|junger als|fast|beinahe) ${N}(?: jahren?${R})?${NOT_MEASURE}` },
  ],
  minor: [
    `${L}(?:minderjahrig\\p{L}*|schulmadchen|schuljunge)${R}`,
    `${L}(?:der|die|in der|in die) (?:[1-9]|1[0-3])\\. klasse${R}`,
  ],
  sexual: [],
  allow: [],
};
