import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../infra/src/build/precompress';

/** src/zod.ts and the module it imports to configure zod; every other importer of zod is sent to src/zod.ts. */
const ZOD_SHIM = fileURLToPath(new URL('src/zod.ts', import.meta.url));
const ZOD_CONFIG = fileURLToPath(new URL('../services/domain/src/platform/browser.ts', import.meta.url));

/** zod configured (no code generation) before any schema is built, without zod in the entry chunk. */
function zodConfiguredFirst(): Plugin {
  return {
    name: 'autobest-zod-configured-first',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'zod' || !importer || importer === ZOD_SHIM || importer === ZOD_CONFIG) return null;
      return ZOD_SHIM;
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [zodConfiguredFirst(), react(), precompress()],
  // No modulepreload polyfill: every browser the storefront supports preloads modules itself.
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2020', sourcemap: false, modulePreload: { polyfill: false } },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
