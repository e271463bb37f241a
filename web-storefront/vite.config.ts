import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
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
  /\/web-storefront\/src\/(?:api\/(?:client|domainMessages|messages\/(?:index|en))|inventory\/(?:api|useVehicleSearch|ResultGrid|VehiclePhoto|messages\/(?:index|en)|finance\/financeFigures)|ui\/BackLink)\.tsx?$|\/services\/domain\/src\/inventory\/(?:kinds|tabs)\.ts$/;

/** What forms say: the domain's public messages, their English catalogue, the 429's sentence and the hooks that say them. */
const FORM_MESSAGES = /\/web-storefront\/src\/api\/(?:sayFormMessage|rateLimited|formMessages\/(?:index|en))\.ts$|\/services\/domain\/src\/platform\/messages\.ts$/;

const DIST = fileURLToPath(new URL('dist', import.meta.url));

/**
 * The service worker's precache is the app shell: index.html and the code and styles it names, which the first visit
 * has just downloaded (so the worker's copy comes from the browser's cache, not the network again), and the small
 * "Saved ... — you are offline" note, which is only ever needed offline. Pages' own chunks are kept as they are opened
 * (src/offline/sw.ts): nothing a visitor did not ask for is downloaded ahead.
 */
async function appShellOnly<Entry extends { url: string }>(entries: Entry[]) {
  const shell = readFileSync(`${DIST}/index.html`, 'utf8');
  const named = new Set([...shell.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((match) => match[1]));
  const kept = entries.filter((entry) => entry.url === 'index.html' || named.has(entry.url) || /^assets\/OfflineNote-[\w-]+\.js$/.test(entry.url));
  return { manifest: kept, warnings: [] };
}

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [
    zodConfiguredFirst(),
    react(),
    // Registered by src/offline/registerServiceWorker.ts once the page has loaded, never before its first paint.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/offline',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: { globPatterns: ['**/*.{js,css,html}'], manifestTransforms: [appShellOnly] },
      // Written before precompress runs, so sw.js gets its Brotli and gzip copies like every other file.
      integration: { closeBundleOrder: 'pre' },
    }),
    precompress(),
  ],
  // No modulepreload polyfill: every browser the storefront supports preloads modules itself.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    sourcemap: false,
    modulePreload: { polyfill: false },
    // Each request costs about 300 bytes on the wire besides its body, so: everything index.html's script imports in that
    // one chunk (left alone, Rolldown puts React, the i18n store and the money helpers in a chunk of their own beside it,
    // as a few page chunks use them without the rest), the small modules the catalogue's pages share (the API client and
    // its request messages, the inventory's reads, messages and photos) in one chunk rather than ten, and what forms say
    // in one more, which the catalogue's pages (they show no form before their first paint) do not load.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            { name: 'catalogue', test: CATALOGUE_SHARED, includeDependenciesRecursively: false },
            { name: 'formMessages', test: FORM_MESSAGES, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
