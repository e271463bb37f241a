import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';

/**
 * The layers (issues 13 and 38): domain <- db <- runtime and projections (side by side: neither imports the other)
 * <- api and workers; the web apps use browser-safe domain subpaths only. One block per layer, each saying what that
 * layer may not import and why.
 */
/** Any @autobest package but the ones named. */
const autobestExcept = (...allowed) => `^@autobest/(?!(${allowed.join('|')})(/|$))`;
const layer = (name, files, patterns) => ({ name: `layers/${name}`, files, rules: { 'no-restricted-imports': ['error', { patterns }] } });
const WEB_APPS_MESSAGE =
  'The web apps run in the browser: they import only the browser-safe subpaths of @autobest/domain (@autobest/domain/inventory, ...), never its root entry (runtime configuration) nor a server package.';

const layers = [
  layer('domain', ['services/domain/**/*.ts'], [
    { regex: autobestExcept('domain'), message: 'domain is the pure core (schemas, events, deciders): it imports no other @autobest package.' },
    { group: ['node:*', 'kysely', 'pg', 'bullmq', 'ioredis', 'sharp', 'nodemailer', 'fastify', 'fastify-*', '@fastify/*'], message: 'domain does no I/O: the packages above it read, write and send; domain only decides.' },
  ]),
  layer('db', ['services/db/**/*.ts'], [{ regex: autobestExcept('domain', 'db'), message: 'db (event store, checkpoints, migrations, schema) sits on domain alone: projections, api and workers build on it, never the other way.' }]),
  layer('projections', ['services/projections/**/*.ts'], [
    {
      regex: autobestExcept('domain', 'db', 'projections'),
      message: 'projections (the projector and the read models) must stay deterministic and safe in any process: they use domain and db only, never runtime (queues, Redis, tokens, photos), api or workers.',
    },
  ]),
  layer('runtime', ['services/runtime/**/*.ts'], [
    {
      regex: autobestExcept('domain', 'db', 'runtime'),
      message: 'runtime (queues and their names, Redis, the doorbell, the outbox, tokens and links, the photo codec) is what the API and the workers share at run time: it uses domain and db only, never projections, api or workers.',
    },
  ]),
  layer('api', ['services/api/src/**/*.ts'], [
    {
      regex: autobestExcept('domain', 'db', 'projections', 'runtime'),
      message: 'The API uses domain, db, projections (it runs the projector for read-your-writes) and runtime; side effects and BullMQ processes live in workers, which the API never imports.',
    },
  ]),
  layer('api tests', ['services/api/test/**/*.ts'], [
    { regex: autobestExcept('domain', 'db', 'projections', 'runtime', 'workers'), message: "The API's tests may start the workers beside the API; nothing else above it." },
  ]),
  layer('workers', ['workers/**/*.ts'], [
    { regex: autobestExcept('domain', 'db', 'projections', 'runtime', 'workers'), message: 'workers host the side effects and BullMQ processes on domain, db, projections and runtime; they never import the API.' },
  ]),
  layer('web-admin', ['web-admin/src/**/*.{ts,tsx}'], [{ regex: '^@autobest/(?!domain/)', message: WEB_APPS_MESSAGE }]),
  layer('web-storefront', ['web-storefront/src/**/*.{ts,tsx}'], [
    { regex: '^@autobest/(?!domain/)', message: WEB_APPS_MESSAGE },
    // The storefront is for phones on slow, metered networks: the console's libraries stay out of it.
    { group: ['react-admin', 'ra-*', '@mui/*', '@emotion/*'], message: 'The storefront never ships react-admin or MUI (issue 5: light site).' },
  ]),
];

/**
 * A relative path into another package's folders would skip the layer rules and its package.json. A separate rule
 * (typescript-eslint's copy of no-restricted-imports), so that it adds to the layers' instead of replacing them.
 */
const PACKAGE_DIRS = '((services/)?(domain|db|projections|runtime|api)|workers|web-storefront|web-admin|infra)';
const intoAnotherPackage = (exceptions) => ({
  regex: `^(\\.\\./)+${exceptions ? `(?!${exceptions})` : ''}${PACKAGE_DIRS}/(src|test|bench)(/|$)`,
  message: 'Import another package by its name (@autobest/...), through what it exports.',
});
const noClimbing = (name, files, exceptions) => ({
  name: `layers/${name}`,
  files,
  rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [intoAnotherPackage(exceptions)] }] },
});
const packages = ['services/*', 'workers', 'web-storefront', 'web-admin', 'infra'];
const noClimbingOutOfPackages = [
  noClimbing('no climbing out of a package', packages.flatMap((dir) => [`${dir}/src/**/*.{ts,tsx}`, `${dir}/bench/**/*.ts`])),
  // Tests use fixtures no package exports: infra's seed catalogue and build step, and a migration of db's they test.
  // (The root's test folder belongs to no package and tests the apps' modules directly; the web apps' build configs
  // share infra's build step.)
  noClimbing('tests reach fixtures only', packages.map((dir) => `${dir}/test/**/*.ts`), 'infra/src/(seed|build)/|(services/)?db/src/migrations/'),
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['web-storefront/**/*.{ts,tsx}', 'web-admin/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Patterns over outside text (visitor fields, feed XML, staff input) must run in linear time (issue 36): these catch
    // the plain cases while typing; test/security/linearPatterns.unit.test.ts holds every pattern to it with recheck.
    // The storefront shares the domain's patterns (the forms check what the API checks).
    name: 'linear patterns',
    files: ['services/*/src/**/*.ts', 'workers/src/**/*.ts', 'web-storefront/src/**/*.{ts,tsx}'],
    plugins: { regexp },
    rules: { 'regexp/no-super-linear-backtracking': 'error', 'regexp/no-super-linear-move': 'error' },
  },
  ...layers,
  ...noClimbingOutOfPackages,
  {
    files: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
