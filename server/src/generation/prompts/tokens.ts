/**
 * A token count that errs high, for fitting prompts into a model's context without its tokenizer
 * (an OpenAI-compatible server does not tell us how it counts). Costs per character by script,
 * set at or above what OpenAI's cl100k and o200k tokenizers count on story prose in our five
 * languages (tokens.test.ts measures them with the gpt-tokenizer package): cl100k is the heavier of
 * the two, and Llama 3, Qwen and Mistral tokenizers count CJK text at or below it. A model whose
 * tokenizer counts more (byte-level fallbacks of old 32k vocabularies) should be given a smaller
 * LLM_CONTEXT_TOKENS. The local model (LLM_PROVIDER=llamacpp) counts with its own tokenizer instead.
 */
function cost(code: number): number {
  if (code < 0x80) return 0.3;
  // Han: unified ideographs, extension A, compatibility, and the supplementary planes' extensions.
  if ((code >= 0x4e00 && code <= 0x9fff) || (code >= 0x3400 && code <= 0x4dbf) || (code >= 0xf900 && code <= 0xfaff) || (code >= 0x20000 && code <= 0x3ffff)) return 1.7;
  // Hangul syllables and jamo.
  if ((code >= 0xac00 && code <= 0xd7af) || (code >= 0x1100 && code <= 0x11ff) || (code >= 0x3130 && code <= 0x318f)) return 1.4;
  // Hiragana, katakana, half-width katakana.
  if ((code >= 0x3040 && code <= 0x30ff) || (code >= 0x31f0 && code <= 0x31ff) || (code >= 0xff66 && code <= 0xff9f)) return 1.3;
  return 1;
}

export function estimateTokens(text: string): number {
  let total = 0;
  for (const char of text) total += cost(char.codePointAt(0)!);
  return Math.ceil(total);
}

/** Counts the tokens of a text: a model's own tokenizer, or the estimate above. */
export type TokenCounter = (text: string) => number;
