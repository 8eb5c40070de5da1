import OpenAI from 'openai';

/**
 * Text embeddings from an OpenAI-compatible `/embeddings` endpoint (issue 49, EMBEDDINGS_MODEL): the
 * passages of earlier chapters are ranked by them beside PostgreSQL's text search, which finds a
 * passage that says the same thing in other words ("the waxed parcel" for "wrapped in oilcloth").
 */
export type Embedder = { embed(texts: string[], signal?: AbortSignal): Promise<number[][]> };

/** At most this many texts per request. */
export const EMBED_BATCH = 64;

export function openaiEmbedder(options: {
  baseURL?: string | undefined;
  apiKey?: string | undefined;
  model: string;
  timeoutMs?: number;
}): Embedder {
  const client = new OpenAI({
    baseURL: options.baseURL,
    apiKey: options.apiKey ?? 'not-needed',
    timeout: options.timeoutMs ?? 30_000,
    maxRetries: 1,
  });
  return {
    async embed(texts, signal) {
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += EMBED_BATCH) {
        const answer = await client.embeddings.create(
          { model: options.model, input: texts.slice(i, i + EMBED_BATCH), encoding_format: 'float' },
          { signal },
        );
        const rows = [...answer.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
        if (rows.length !== Math.min(EMBED_BATCH, texts.length - i))
          throw new Error('the embeddings endpoint answered a different number of vectors');
        out.push(...rows);
      }
      return out;
    },
  };
}

/** Cosine similarity of two vectors (0 when either is empty or of another length). */
export function cosine(a: number[], b: number[]): number {
  if (!a.length || a.length !== b.length) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}
