import type { Lexicon } from './types';
import { ZH_AGES, ZH_ALLOW, ZH_GRADES, ZH_INTIMATE, ZH_NUMBERS, ZH_WEAK } from './zh-common';

export const zhCN: Lexicon = {
  language: 'zh-CN',
  script: 'han',
  gate: '[\\p{sc=Han}]|(?<![a-z])jk(?![a-z])',
  numbers: ZH_NUMBERS,
  ages: ZH_AGES,
  minor: [
    ...ZH_GRADES,
    '未成年|萝莉|正太|恋童|娈童|童养媳|雏妓|援交(?:少女|妹)',
    '小学生|初中生|中学生|高中生|学童|女高中生|男高中生|学生妹|幼女|幼童|女童|男童|孩童|幼儿|婴儿|儿童|青少年|小女孩|小男孩|小萝莉|学龄',
  ],
  minorOwnLanguage: ['(?<![a-z])jk(?![a-z])'],
  sexual: [
    '做爱|性爱|性交|性行为|口交|肛交|阴茎|阴道|阴蒂|乳头|裸体|全裸|一丝不挂|色情|自慰|手淫|强奸|射精|勃起|上床|床戏|啪啪|一夜情|肉棒|小穴|淫荡|淫乱|淫靡|调教|猥亵|性侵|援交|情欲|交合|脱光|呻吟着|春宫|黄文|肉文|萝莉控|正太控|恋童',
  ],
  allow: [
    ...ZH_ALLOW,
    '儿童(?:节|乐园|文学|医院|读物|房|绘本|心理)',
    '(?:高中|初中|小学|中学)(?:同学会|同学|老师|教师|校长|时的|时代|时期|毕业)',
  ],
  weak: ZH_WEAK,
  intimate: ZH_INTIMATE,
};
