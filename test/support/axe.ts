import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Puts axe-core into the page. Evaluated through the DevTools protocol rather than added as a <script> element: the
 * pages' Content-Security-Policy refuses inline scripts, as it should.
 */
export async function addAxe(page: Page): Promise<void> {
  await page.evaluate(AXE_SOURCE);
}
