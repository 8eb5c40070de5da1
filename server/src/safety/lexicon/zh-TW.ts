import type { Lexicon } from './types';
import { ZH_AGES, ZH_ALLOW, ZH_GRADES, ZH_INTIMATE, ZH_NUMBERS, ZH_WEAK } from './zh-common';

/** Traditional Chinese as written in Taiwan: 國小, 國中, 高中, 歲. */
export const zhTW: Lexicon = {
  language: 'zh-TW',
  script: 'han',
  gate: '[\\p{sc=Han}]|(?<![a-z])jk(?![a-z])',
  numbers: ZH_NUMBERS,
  ages: ZH_AGES,
  minor: [
    ...ZH_GRADES,
    '未成年|蘿莉|正太|戀童|孌童|童養媳|雛妓|援交(?:少女|妹)',
    '小學生|國小生|國中生|中學生|高中生|女高中生|男高中生|學生妹|幼女|幼童|女童|男童|孩童|幼兒|嬰兒|兒童|青少年|小女孩|小男孩|小蘿莉|學齡',
  ],
  minorOwnLanguage: ['(?<![a-z])jk(?![a-z])'],
  sexual: [
    '做愛|性愛|性交|性行為|口交|肛交|陰莖|陰道|陰蒂|乳頭|裸體|全裸|一絲不掛|色情|自慰|手淫|強姦|射精|勃起|上床|床戲|啪啪|一夜情|肉棒|小穴|淫蕩|淫亂|淫靡|調教|猥褻|性侵|援交|情慾|交合|脫光|呻吟著|春宮|黃文|肉文|蘿莉控|正太控|戀童',
  ],
  allow: [
    ...ZH_ALLOW,
    '兒童(?:節|樂園|文學|醫院|讀物|房|繪本|心理)',
    '(?:高中|國中|國小|小學|中學)(?:同學會|同學|老師|教師|校長|時的|時代|時期|畢業)',
  ],
  weak: ZH_WEAK,
  intimate: ZH_INTIMATE,
};
