// Writes NAME.br and NAME.gz beside every compressible file of web/dist (run by `npm run build` after
// `vite build`), so the server sends them as files and never compresses an asset per request
// (docs/decisions/0020-speed-lists-assets.md). A variant that would not be smaller is not written.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/i;
const MIN_BYTES = 1024;

export function precompress(dir) {
  let written = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    const raw = fs.readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = gzipSync(raw, { level: 9 });
    for (const [ext, body] of [['br', br], ['gz', gz]]) {
      if (body.length >= raw.length) continue;
      fs.writeFileSync(`${file}.${ext}`, body);
      written++;
    }
  }
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? 'dist');
  console.log(`precompress: ${precompress(dir)} .br/.gz files written in ${dir}`);
}
