import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { mantineComponentStyles } from './vite-mantine-styles';
import { EARLY_REQUESTS_ENTRY, finishBuild } from './vite-plugins';

export default defineConfig({
  plugins: [react(), mantineComponentStyles(), finishBuild()],
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // The early requests are an entry of their own: the lounge's page loads them ahead of
      // the app script (decision 0415).
      input: { index: 'index.html', 'early-requests': EARLY_REQUESTS_ENTRY },
      output: {
        codeSplitting: {
          // Every icon the portal uses in one file (34 KB, 9 KB gzip) instead of one file of
          // about 1 KB per icon and page: the lounge alone loaded 20 of them (decision 0413).
          groups: [{ name: 'icons', test: /@tabler[\\/]icons-react/ }],
        },
      },
    },
  },
});
