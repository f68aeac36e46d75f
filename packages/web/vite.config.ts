import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkGroups, ICONS_GROUP } from './vite-chunk-groups';
import { mantineComponentStyles } from './vite-mantine-styles';
import { EARLY_REQUESTS_ENTRY, featureSurfaces, finishBuild } from './vite-plugins';

export default defineConfig(async ({ command, isSsrBuild }) => ({
  plugins: [react(), featureSurfaces(), mantineComponentStyles(), finishBuild()],
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
          // The app's and the lounge's modules in one file each (decision 0416); the groups
          // come from a trial chunking, so only the browser build runs it.
          groups: command === 'build' && !isSsrBuild ? [ICONS_GROUP, ...(await chunkGroups(__dirname))] : [ICONS_GROUP],
        },
      },
    },
  },
}));
