import { describe, expect, it } from 'vitest';
import { convertStory, directionFor, loadConverter, mapQuotes } from './script-conversion';

/**
 * Phrases where converting character by character is wrong (a character table gives 软件 → 軟件,
 * 信息 → 信息, 打印机 → 打印機): Taiwan usage by phrase (OpenCC s2twp), and back (tw2sp).
 */
const PHRASES: [string, string][] = [
  ['软件', '軟體'], ['信息', '資訊'], ['打印机', '印表機'], ['头发', '頭髮'], ['干燥', '乾燥'],
  ['鼠标', '滑鼠'], ['内存', '記憶體'], ['出租车', '計程車'], ['网络', '網路'], ['硬件', '硬體'],
  ['程序', '程式'], ['视频', '影片'], ['自行车', '腳踏車'], ['光盘', '光碟'], ['默认', '預設'],
  ['数据库', '資料庫'], ['服务器', '伺服器'], ['文件夹', '資料夾'], ['博客', '部落格'], ['激光', '雷射'],
  ['源代码', '原始碼'], ['冰淇淋', '冰淇淋'], ['面条', '麵條'], ['发现', '發現'], ['干杯', '乾杯'],
  ['后来', '後來'], ['皇后', '皇后'], ['里面', '裡面'], ['公里', '公里'], ['头发很长', '頭髮很長'],
  ['只有', '只有'], ['一只猫', '一隻貓'], ['钟表', '鐘錶'], ['时钟', '時鐘'], ['复杂', '複雜'],
  ['回复', '回覆'], ['松树', '松樹'], ['放松', '放鬆'], ['理发', '理髮'], ['发展', '發展'],
  ['沈阳', '瀋陽'], ['面包', '麵包'], ['表面', '表面'], ['手表', '手錶'], ['台风', '颱風'],
  ['帐号', '帳號'], ['短信', '簡訊'], ['充电器', '充電器'], ['快递', '快遞'], ['幽默', '幽默'],
];

describe('Simplified ⇄ Traditional by phrase', () => {
  it('offers a conversion only between the two Chinese scripts, to the reader of the other one', () => {
    expect(directionFor('zh-CN', 'zh-TW')).toBe('s2t');
    expect(directionFor('zh-TW', 'zh-CN')).toBe('t2s');
    expect(directionFor('zh-CN', 'zh-CN')).toBeNull();
    expect(directionFor('ja', 'zh-TW')).toBeNull();
    expect(directionFor('zh-TW', 'en')).toBeNull();
  });

  it.each(PHRASES)('converts %s to %s (Taiwan usage)', async (simplified, traditional) => {
    const s2t = await loadConverter('s2t');
    expect(s2t(simplified)).toBe(traditional);
  });

  it('converts Taiwan usage back to Simplified by phrase', async () => {
    const t2s = await loadConverter('t2s');
    for (const [simplified, traditional] of [['软件', '軟體'], ['信息', '資訊'], ['打印机', '印表機'], ['鼠标', '滑鼠'], ['出租车', '計程車'], ['头发', '頭髮']]) {
      expect(t2s(traditional!)).toBe(simplified);
    }
  });

  it('leaves names, punctuation, Latin text and digits as they are', async () => {
    const s2t = await loadConverter('s2t');
    expect(s2t('“Lin，2019年。”她说。')).toBe('“Lin，2019年。”她說。');
  });
});

describe('quotation marks and names (issue 48)', () => {
  it('maps “” ‘’ to 「」 『』 with the text, and back', async () => {
    const s2t = await loadConverter('s2t');
    const t2s = await loadConverter('t2s');
    const simplified = '“你说‘回来’是什么意思？”她问。';
    const traditional = convertStory(simplified, { convert: s2t, direction: 's2t' });
    expect(traditional).toBe('「你說『回來』是什麼意思？」她問。');
    expect(convertStory(traditional, { convert: t2s, direction: 't2s' })).toBe(simplified);
  });

  it('leaves an apostrophe inside a Latin word alone', () => {
    expect(mapQuotes('“Ines’s 灯塔”', 's2t')).toBe('「Ines’s 灯塔」');
  });

  it('never converts the two characters’ names', async () => {
    const s2t = await loadConverter('s2t');
    const t2s = await loadConverter('t2s');
    // Without the names, 沈 would become 瀋 and 后 後, 里 裡; with them, the author's names stay.
    expect(s2t('沈阳')).toBe('瀋陽');
    const text = '沈阳和后里在里面等着。“后里？”';
    const shown = convertStory(text, { convert: s2t, direction: 's2t', names: ['沈阳', '后里'] });
    expect(shown).toBe('沈阳和后里在裡面等著。「后里？」');
    const back = convertStory('髮哥說：「乾杯。」', { convert: t2s, direction: 't2s', names: ['髮哥'] });
    expect(back).toBe('髮哥说：“干杯。”');
  });
});
