import type { Language } from '@butterfic/contract';

/**
 * The offline writer's stand-ins for co-writing (docs/decisions/0056): no model runs, so a revision is
 * the selection with one labelled change per take, the next chapter's choices are three fixed
 * directions per language, and the continuity check finds nothing. Enough to try the screens offline.
 */
const TAKES: Record<Language, string[]> = {
  en: ['For a moment, nothing moved.', 'The silence said the rest.', 'Neither of them looked away.'],
  'zh-CN': ['那一刻，谁都没有动。', '沉默替他们说完了剩下的话。', '两人都没有移开目光。'],
  'zh-TW': ['那一刻，誰都沒有動。', '沉默替他們說完了剩下的話。', '兩人都沒有移開視線。'],
  ko: ['그 순간, 아무도 움직이지 않았다.', '침묵이 나머지 말을 대신했다.', '둘 중 누구도 눈을 돌리지 않았다.'],
  ja: ['その一瞬、誰も動かなかった。', '残りは沈黙が語った。', 'どちらも目をそらさなかった。'],
};

const CHOICES: Record<Language, string[]> = {
  en: ['A secret from the past comes to light.', 'They are forced to part for a while.', 'A stranger changes everything.'],
  'zh-CN': ['一段往事浮出水面。', '两人不得不暂时分开。', '一个陌生人打乱了一切。'],
  'zh-TW': ['一段往事浮上檯面。', '兩人不得不暫時分開。', '一個陌生人打亂了一切。'],
  ko: ['과거의 비밀이 드러난다.', '두 사람은 잠시 헤어져야 한다.', '낯선 사람이 모든 것을 바꾼다.'],
  ja: ['過去の秘密が明らかになる。', '二人はしばらく離れなければならない。', '見知らぬ人がすべてを変える。'],
};

const SPACE: Record<Language, string> = { en: ' ', 'zh-CN': '', 'zh-TW': '', ko: ' ', ja: '' };

/** Take `variant` (0-based) of a revision of `selection`. */
export function offlineRevision(language: Language, selection: string, variant: number): string {
  const takes = TAKES[language];
  const trimmed = selection.replace(/\s+$/u, '');
  const trailing = selection.slice(trimmed.length);
  return `${trimmed}${SPACE[language]}${takes[variant % takes.length]}${trailing}`;
}

export const offlineChoices = (language: Language): string[] => [...CHOICES[language]];
