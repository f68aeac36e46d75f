import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { finishBuild } from './vite-plugins';

export default defineConfig({
  plugins: [react(), finishBuild()],
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 900 },
});
