import fs from 'node:fs';
import path from 'node:path';

/**
 * Writes a tiny llama-architecture GGUF model with seeded random float32
 * weights: 64-dimensional embeddings, 2 blocks, 4 heads, feed-forward 128,
 * context 4096 (byte tokens make prompts long), and a byte-level SentencePiece vocabulary of 259 tokens
 * (`<unk>`, `<s>`, `</s>`, then `<0x00>`…`<0xFF>`). About 470 KB, the same
 * bytes for the same options every time, loadable by node-llama-cpp's
 * prebuilt CPU binary. It writes nonsense, fast: what the tests and the
 * benchmark need to drive the real local-model path with no download.
 *
 * `bias: 'printable'` (the default) steers the output towards printable ASCII
 * bytes, so stories come out as readable gibberish; `bias: 'none'` leaves the
 * byte tokens uniform, so most of what it writes is invalid UTF-8 (what the
 * provider must never pass on as broken text).
 *
 * The format (GGUF v3): magic, version, tensor count, metadata count, the
 * key-value metadata, the tensor infos, padding to the alignment, then each
 * tensor's data at an aligned offset.
 */
export type TinyGgufOptions = { seed?: number; bias?: 'printable' | 'none' };

const ALIGNMENT = 32;
const EMBD = 64;
const BLOCKS = 2;
const HEADS = 4;
const FF = 128;
const CONTEXT = 4096;
const VOCAB = 259;

enum ValueType {
  UINT32 = 4,
  INT32 = 5,
  FLOAT32 = 6,
  STRING = 8,
  ARRAY = 9,
}
const GGML_TYPE_F32 = 0;

/** mulberry32: a small seeded generator, so the file is the same every time. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Writer {
  private chunks: Buffer[] = [];
  length = 0;
  push(buffer: Buffer) {
    this.chunks.push(buffer);
    this.length += buffer.length;
  }
  u32(v: number) {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(v);
    this.push(b);
  }
  i32(v: number) {
    const b = Buffer.alloc(4);
    b.writeInt32LE(v);
    this.push(b);
  }
  u64(v: number) {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(v));
    this.push(b);
  }
  f32(v: number) {
    const b = Buffer.alloc(4);
    b.writeFloatLE(v);
    this.push(b);
  }
  str(s: string) {
    const bytes = Buffer.from(s, 'utf8');
    this.u64(bytes.length);
    this.push(bytes);
  }
  pad(to: number) {
    const rest = this.length % to;
    if (rest) this.push(Buffer.alloc(to - rest));
  }
  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

type Meta =
  | { type: ValueType.UINT32; value: number }
  | { type: ValueType.INT32; value: number }
  | { type: ValueType.FLOAT32; value: number }
  | { type: ValueType.STRING; value: string }
  | { type: ValueType.ARRAY; of: ValueType.STRING; value: string[] }
  | { type: ValueType.ARRAY; of: ValueType.FLOAT32 | ValueType.INT32; value: number[] };

function writeMeta(w: Writer, key: string, meta: Meta) {
  w.str(key);
  w.u32(meta.type);
  switch (meta.type) {
    case ValueType.STRING:
      return w.str(meta.value);
    case ValueType.UINT32:
      return w.u32(meta.value);
    case ValueType.INT32:
      return w.i32(meta.value);
    case ValueType.FLOAT32:
      return w.f32(meta.value);
    case ValueType.ARRAY:
      w.u32(meta.of);
      w.u64(meta.value.length);
      for (const item of meta.value) {
        if (typeof item === 'string') w.str(item);
        else if (meta.of === ValueType.FLOAT32) w.f32(item);
        else w.i32(item);
      }
  }
}

/** The vocabulary: three control tokens, then one token per byte (type 6, "byte"). */
function vocabulary() {
  const tokens = ['<unk>', '<s>', '</s>'];
  const types = [2, 3, 3];
  for (let b = 0; b < 256; b++) {
    tokens.push(`<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`);
    types.push(6);
  }
  return { tokens, types, scores: tokens.map(() => 0) };
}

/** Token ids whose byte is printable ASCII (space to tilde) or a newline. */
const printableToken = (id: number) => {
  const byte = id - 3;
  return byte === 10 || (byte >= 0x20 && byte <= 0x7e);
};

type Tensor = { name: string; dims: number[]; data: Float32Array };

function tensors(options: Required<TinyGgufOptions>): Tensor[] {
  const random = seeded(options.seed);
  const fill = (n: number, scale: number) => Float32Array.from({ length: n }, () => (random() * 2 - 1) * scale);
  const ones = (n: number) => new Float32Array(n).fill(1);
  // Every token embedding carries a constant component on dimension 0, and in
  // 'printable' mode the output rows of printable tokens point along it: after
  // the final RMS norm that component dominates the logits, so the sampled
  // bytes are mostly printable whatever the random blocks add.
  const embd = fill(EMBD * VOCAB, 0.3);
  const output = fill(EMBD * VOCAB, 0.3);
  for (let t = 0; t < VOCAB; t++) {
    embd[t * EMBD] = 4;
    output[t * EMBD] = options.bias === 'printable' ? (printableToken(t) ? 3 : -3) : 0;
  }
  const list: Tensor[] = [
    { name: 'token_embd.weight', dims: [EMBD, VOCAB], data: embd },
    { name: 'output_norm.weight', dims: [EMBD], data: ones(EMBD) },
    { name: 'output.weight', dims: [EMBD, VOCAB], data: output },
  ];
  for (let b = 0; b < BLOCKS; b++) {
    const p = `blk.${b}`;
    list.push(
      { name: `${p}.attn_norm.weight`, dims: [EMBD], data: ones(EMBD) },
      { name: `${p}.attn_q.weight`, dims: [EMBD, EMBD], data: fill(EMBD * EMBD, 0.1) },
      { name: `${p}.attn_k.weight`, dims: [EMBD, EMBD], data: fill(EMBD * EMBD, 0.1) },
      { name: `${p}.attn_v.weight`, dims: [EMBD, EMBD], data: fill(EMBD * EMBD, 0.1) },
      { name: `${p}.attn_output.weight`, dims: [EMBD, EMBD], data: fill(EMBD * EMBD, 0.1) },
      { name: `${p}.ffn_norm.weight`, dims: [EMBD], data: ones(EMBD) },
      { name: `${p}.ffn_gate.weight`, dims: [EMBD, FF], data: fill(EMBD * FF, 0.1) },
      { name: `${p}.ffn_up.weight`, dims: [EMBD, FF], data: fill(EMBD * FF, 0.1) },
      { name: `${p}.ffn_down.weight`, dims: [FF, EMBD], data: fill(FF * EMBD, 0.1) },
    );
  }
  return list;
}

/** The model file's bytes. */
export function tinyGguf(options: TinyGgufOptions = {}): Buffer {
  const opts: Required<TinyGgufOptions> = { seed: options.seed ?? 20261123, bias: options.bias ?? 'printable' };
  const vocab = vocabulary();
  const meta: [string, Meta][] = [
    ['general.architecture', { type: ValueType.STRING, value: 'llama' }],
    ['general.name', { type: ValueType.STRING, value: `butterfic-tiny-${opts.bias}` }],
    ['general.alignment', { type: ValueType.UINT32, value: ALIGNMENT }],
    ['general.file_type', { type: ValueType.UINT32, value: 0 }],
    ['llama.context_length', { type: ValueType.UINT32, value: CONTEXT }],
    ['llama.embedding_length', { type: ValueType.UINT32, value: EMBD }],
    ['llama.block_count', { type: ValueType.UINT32, value: BLOCKS }],
    ['llama.feed_forward_length', { type: ValueType.UINT32, value: FF }],
    ['llama.attention.head_count', { type: ValueType.UINT32, value: HEADS }],
    ['llama.attention.head_count_kv', { type: ValueType.UINT32, value: HEADS }],
    ['llama.rope.dimension_count', { type: ValueType.UINT32, value: EMBD / HEADS }],
    ['llama.attention.layer_norm_rms_epsilon', { type: ValueType.FLOAT32, value: 1e-5 }],
    ['tokenizer.ggml.model', { type: ValueType.STRING, value: 'llama' }],
    ['tokenizer.ggml.tokens', { type: ValueType.ARRAY, of: ValueType.STRING, value: vocab.tokens }],
    ['tokenizer.ggml.scores', { type: ValueType.ARRAY, of: ValueType.FLOAT32, value: vocab.scores }],
    ['tokenizer.ggml.token_type', { type: ValueType.ARRAY, of: ValueType.INT32, value: vocab.types }],
    ['tokenizer.ggml.unknown_token_id', { type: ValueType.UINT32, value: 0 }],
    ['tokenizer.ggml.bos_token_id', { type: ValueType.UINT32, value: 1 }],
    ['tokenizer.ggml.eos_token_id', { type: ValueType.UINT32, value: 2 }],
  ];
  const list = tensors(opts);

  const w = new Writer();
  w.push(Buffer.from('GGUF', 'ascii'));
  w.u32(3);
  w.u64(list.length);
  w.u64(meta.length);
  for (const [key, value] of meta) writeMeta(w, key, value);
  let offset = 0;
  const offsets: number[] = [];
  for (const t of list) {
    w.str(t.name);
    w.u32(t.dims.length);
    for (const d of t.dims) w.u64(d);
    w.u32(GGML_TYPE_F32);
    w.u64(offset);
    offsets.push(offset);
    offset += Math.ceil(t.data.byteLength / ALIGNMENT) * ALIGNMENT;
  }
  w.pad(ALIGNMENT);
  for (const t of list) {
    w.push(Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength));
    w.pad(ALIGNMENT);
  }
  return w.bytes();
}

/** Writes the model into `dir` (once per options) and answers its path. */
export function writeTinyGguf(dir: string, options: TinyGgufOptions = {}): string {
  const file = path.join(dir, `tiny-${options.bias ?? 'printable'}-${options.seed ?? 20261123}.gguf`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(file, tinyGguf(options));
  }
  return file;
}
