import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Writes shell-files.json, every file of the build, for the service worker (web/public/sw.js) to keep. */
function shellFiles(): Plugin {
  return {
    name: 'butterfic-shell-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((file) => file.startsWith('assets/'));
      this.emitFile({ type: 'asset', fileName: 'shell-files.json', source: JSON.stringify(files.sort()) });
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
