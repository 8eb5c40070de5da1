import { encode as cl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { encode as o200k } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { estimateTokens } from './tokens';

/** Story prose with dialogue, names and numbers, as the model writes it and readers continue it. */
const PROSE: Record<string, string> = {
  en: 'The harbour lights came on one by one, and Ines, thirty-four, counted the boats coming home before the storm. "You kept the letter," he said quietly. She did not answer; the wind answered for her. In 2019 they had met at the festival — she still had the ticket, folded twice.',
  'zh-CN': '港口的灯一盏一盏亮起来，三十四岁的伊内丝在暴风雨来临之前数着回港的船只。“你留着那封信。”他低声说。她没有回答，风替她回答了。2019年他们在灯节上相遇——那张票她还留着，折了两折。',
  'zh-TW': '港口的燈一盞一盞亮起來，三十四歲的伊內絲在暴風雨來臨之前數著回港的船隻。「你留著那封信。」他低聲說。她沒有回答，風替她回答了。2019年他們在燈節上相遇——那張票她還留著，摺了兩摺。',
  ja: '港の灯りがひとつずつ灯り、三十四歳のイネスは嵐の前に帰ってくる船を数えていた。「あの手紙、まだ持っていたんだな」と彼は静かに言った。彼女は答えなかった。二〇一九年の祭りで出会った――その切符を、彼女はまだ二つ折りにして持っている。',
  ko: '항구의 불빛이 하나둘 켜지고, 서른네 살의 이네스는 폭풍이 오기 전에 돌아오는 배들을 세었다. "그 편지, 아직 갖고 있었구나." 그가 조용히 말했다. 그녀는 대답하지 않았다. 2019년 축제에서 처음 만났다. 그 표를 그녀는 아직 두 번 접어 간직하고 있다.',
};

describe('the token estimate', () => {
  it.each(Object.keys(PROSE))('counts %s story prose at or above OpenAI’s cl100k and o200k tokenizers, and not more than twice the heavier', (language) => {
    const text = PROSE[language]!.repeat(20);
    const estimate = estimateTokens(text);
    const heavier = Math.max(cl100k(text).length, o200k(text).length);
    expect(estimate).toBeGreaterThanOrEqual(heavier);
    expect(estimate).toBeLessThanOrEqual(heavier * 2);
  });
});
