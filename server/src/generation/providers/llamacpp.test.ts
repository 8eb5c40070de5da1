import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { llamacppProvider, readableText, toChatHistory } from './llamacpp';

describe('the llamacpp provider', () => {
  it('refuses a missing model file with a line naming LLM_MODEL_PATH', async () => {
    await expect(llamacppProvider({ modelPath: '/nonexistent/story.gguf' })).rejects.toThrow(
      /^LLM_MODEL_PATH: no model file at \/nonexistent\/story\.gguf$/,
    );
  });

  it('refuses a corrupt GGUF file with a clear line', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butterfic-gguf-'));
    const file = path.join(dir, 'broken.gguf');
    fs.writeFileSync(file, Buffer.concat([Buffer.from('GGUF'), Buffer.alloc(64, 7)]));
    try {
      await expect(llamacppProvider({ modelPath: file })).rejects.toThrow(/LLM_MODEL_PATH: .*broken\.gguf is not a loadable GGUF model/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('with LLM_GPU=auto and no GPU build installed, falls back to the CPU binary', async () => {
    // The lean install (docs/decisions/0009-lean-install.md) ships no GPU build: 'auto' must still load
    // node-llama-cpp and reach the model file, which here is corrupt, rather than fail on the binary.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butterfic-gguf-'));
    const file = path.join(dir, 'broken.gguf');
    fs.writeFileSync(file, Buffer.concat([Buffer.from('GGUF'), Buffer.alloc(64, 7)]));
    try {
      await expect(llamacppProvider({ modelPath: file, gpu: 'auto' })).rejects.toThrow(
        /LLM_MODEL_PATH: .*broken\.gguf is not a loadable GGUF model/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('hands the engine messages to the model as chat history, continuing a resumed chapter as the model turn', () => {
    const fresh = toChatHistory([
      { role: 'system', content: 'You write stories.' },
      { role: 'user', content: 'Write the first chapter.' },
    ]);
    expect(fresh).toEqual([
      { type: 'system', text: 'You write stories.' },
      { type: 'user', text: 'Write the first chapter.' },
      { type: 'model', response: [] },
    ]);
    const resumed = toChatHistory([
      { role: 'system', content: 'You write stories.' },
      { role: 'user', content: 'Write the first chapter.' },
      { role: 'assistant', content: 'The storm broke' },
      { role: 'user', content: 'Continue exactly where you stopped.' },
    ]);
    expect(resumed).toEqual([
      { type: 'system', text: 'You write stories.' },
      { type: 'user', text: 'Write the first chapter.' },
      { type: 'model', response: ['The storm broke'] },
    ]);
  });

  it('passes on readable text only: no replacement or control characters, no lone surrogates', () => {
    expect(readableText('風が\uFFFD吹く\u0000\u0007。\nNew line\tand tab')).toBe('風が吹く。\nNew line\tand tab');
    expect(readableText('a\uD83Db')).toBe('ab');
    expect(readableText('😀 한국어 日本語')).toBe('😀 한국어 日本語');
  });
});
