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

const CATALOGUE_SHARED =
  /\/web-storefront\/src\/(?:api\/(?:client|domainMessages|rateLimited|messages\/(?:index|en))|inventory\/(?:api|useVehicleSearch|ResultGrid|messages\/(?:index|en)|finance\/financeFigures)|ui\/BackLink)\.tsx?$|\/services\/domain\/src\/(?:platform\/messages|inventory\/(?:kinds|tabs))\.ts$/;

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [zodConfiguredFirst(), react(), precompress()],
  // No modulepreload polyfill: every browser the storefront supports preloads modules itself.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    sourcemap: false,
    modulePreload: { polyfill: false },
    // The small modules the catalogue's pages share (the API client and its messages, the inventory's reads and
    // messages) in one chunk rather than ten: each request costs about 300 bytes on the wire besides its body.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'catalogue', test: CATALOGUE_SHARED, includeDependenciesRecursively: false }] } } },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
