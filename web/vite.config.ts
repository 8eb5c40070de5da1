import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Writes shell-files.json, every file of the build, for the service worker (web/public/sw.js) to keep. */
function shellFiles(): Plugin {
  return {
    name: 'butterfic-shell-files',
    apply: 'build',
    // After writing, from the disk: the bundle still names chunks that end up empty and are never written.
    writeBundle(options) {
      const dir = options.dir ?? 'dist';
      const files = fs.readdirSync(path.join(dir, 'assets')).map((file) => `assets/${file}`);
      fs.writeFileSync(path.join(dir, 'shell-files.json'), JSON.stringify(files.sort()));
    },
  };
}

export default defineConfig({
  plugins: [react(), shellFiles()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 260,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
