import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../infra/src/build/precompress';

export default defineConfig({
  root: import.meta.dirname,
  base: '/admin/',
  plugins: [react(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 2000 },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
