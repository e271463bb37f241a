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

/** The serious and critical WCAG 2 A and AA problems axe finds in `selector` (the page's main element by default), as `rule: element`. */
export async function seriousAccessibilityProblems(page: Page, selector = 'main'): Promise<string[]> {
  await addAxe(page);
  return page.evaluate(async (within) => {
    type Result = { violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: string[] }> }> };
    const axe = (window as unknown as { axe: { run(context: object, options: object): Promise<Result> } }).axe;
    const result = await axe.run({ include: [document.querySelector(within)!] }, { runOnly: ['wcag2a', 'wcag2aa'] });
    return result.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
  }, selector);
}
