/**
 * zod as the storefront's code (and the domain code it imports) gets it: the vite config sends every `import 'zod'`
 * here. This module runs after zod and before any module that builds a schema, so every schema is built without code
 * generation (the Content-Security-Policy has no 'unsafe-eval'). zod thus travels only with the pages that validate
 * (forms, the assistant), not in the first chunk every route downloads before it paints.
 */
import '@autobest/domain/browser';

export * from 'zod';
export { z, z as default } from 'zod';
