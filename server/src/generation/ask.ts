import type { CowriteStory } from './prompts/revise';
import type { ChatMessage, LlmProvider } from './types';

/**
 * A short model call outside the chapter job runner (a revision, the next chapter's choices, a
 * continuity check: docs/decisions/0056): the provider streams the answer, `onText` hears each piece,
 * and the whole answer is returned. No retry: the caller refunds what a failed call charged.
 */
export async function askModel(
  provider: LlmProvider,
  input: { story: CowriteStory; messages: ChatMessage[]; maxTokens: number; signal: AbortSignal; onText?: (piece: string) => void },
): Promise<string> {
  let text = '';
  const { story } = input;
  for await (const piece of provider.stream({
    story: {
      params: story.params,
      perspective: 0,
      dialogueHeavy: false,
      spicy: story.spicy,
      language: story.language,
      chapterIndex: 0,
      storySoFar: '',
      resumeFrom: '',
      targetChars: 600,
    },
    messages: input.messages,
    maxTokens: input.maxTokens,
    signal: input.signal,
  })) {
    const clean = piece.replaceAll('\u0000', '');
    text += clean;
    if (clean) input.onText?.(clean);
  }
  return text;
}

/** Tokens a revision of `chars` characters may take: room for a longer take, never past a chapter's worth. */
export const reviseMaxTokens = (chars: number) => Math.min(3000, Math.max(300, Math.ceil(chars * 2.5)));
