import type { Browser, Page } from 'playwright-core';

/**
 * What a failed browser test saw, printed beside its error: each open page's address and visible text, the API's
 * answers of 400 and above, and what the API logged at error level. A browser test that fails only on a busy CI
 * machine otherwise says no more than which wait timed out.
 */
interface Watched {
  browser?: Browser;
  failedAnswers: string[];
  apiErrors: string[];
}

const watched = new Set<Watched>();
/** The last few of each: enough to see what went wrong, not the whole test's traffic. */
const KEEP = 20;
const TEXT_SHOWN = 4_000;

const keep = (list: string[], entry: string) => {
  list.push(entry);
  if (list.length > KEEP) list.shift();
};

export interface FailureWatch {
  /** An error line the stack's API logged. */
  apiError(line: string): void;
  /** Watches the pages of every context opened on the stack's browser. */
  watch(browser: Browser): void;
  /** The stack closed: nothing of it is reported any more. */
  forget(): void;
}

/** What one stack's failure report will hold. */
export function watchForFailureReport(): FailureWatch {
  const entry: Watched = { failedAnswers: [], apiErrors: [] };
  watched.add(entry);
  const watchPage = (page: Page) =>
    page.on('response', (response) => {
      if (response.status() >= 400) keep(entry.failedAnswers, `${response.status()} ${response.request().method()} ${response.url()}`);
    });
  return {
    apiError: (line) => keep(entry.apiErrors, line),
    watch(browser) {
      entry.browser = browser;
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        context.on('page', watchPage);
        return context;
      };
    },
    forget: () => watched.delete(entry),
  };
}

/** The report for every stack still open in this file. */
export async function failureReport(): Promise<string> {
  const parts: string[] = [];
  for (const { browser, failedAnswers, apiErrors } of watched) {
    for (const context of browser?.contexts() ?? []) {
      for (const page of context.pages()) {
        const text = await page
          .evaluate(() => document.body?.innerText ?? '')
          .then((shown) => shown.replace(/\n{2,}/g, '\n').slice(0, TEXT_SHOWN), (error: unknown) => `(could not read the page: ${String(error)})`);
        parts.push(`page ${page.url()}\n${text}`);
      }
    }
    if (failedAnswers.length > 0) parts.push(`answers of 400 and above:\n  ${failedAnswers.join('\n  ')}`);
    if (apiErrors.length > 0) parts.push(`the API logged:\n  ${apiErrors.join('\n  ')}`);
  }
  return parts.join('\n\n');
}
