import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../infra/src/build/precompress';

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [react(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2020', sourcemap: false },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
