import { config } from 'zod';

/**
 * Imported first by the web apps. Their Content-Security-Policy has no 'unsafe-eval', so zod's compiled validators
 * (built with `new Function`) cannot run there anyway; without this, zod's probe for eval is itself reported as a
 * violation. Every schema built after this validates without code generation.
 */
config({ jitless: true });
