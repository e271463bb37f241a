import { Writable } from 'node:stream';
import type { Browser, BrowserContext } from 'playwright-core';

declare global {
  interface Window {
    /** Bound by `watchBrowser` in every frame of a test's pages. */
    __cspViolation?: (violation: string) => void;
  }
}

/**
 * Content-Security-Policy violations met while a browser test ran, seen three ways: the page's
 * `securitypolicyviolation` events (every frame, iframes included), Chromium's console messages about the policy,
 * and the reports the API received. A browser test fails on any of them (the stack's close checks).
 */
export class CspViolations {
  private readonly seen: string[] = [];

  record(where: string, what: string): void {
    this.seen.push(`${where}: ${what}`);
  }

  /** What was seen so far, forgotten: for the test that provokes a violation on purpose. */
  take(): string[] {
    return this.seen.splice(0);
  }

  /** Throws, listing them, when any violation was seen. */
  assertNone(): void {
    const seen = this.take();
    if (seen.length > 0) throw new Error(`Content-Security-Policy violations during the test:\n  ${seen.join('\n  ')}`);
  }
}

async function watchContext(context: BrowserContext, violations: CspViolations): Promise<void> {
  await context.exposeBinding('__cspViolation', ({ frame }, violation: string) => violations.record(`event in ${frame.url()}`, violation));
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => window.__cspViolation?.(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber}) ${event.sample}`),
      true,
    );
  });
  context.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.record(`console of ${message.location().url}`, message.text());
  });
}

/** Every context the tests open on `browser` (and so every page, `browser.newPage` included) is watched. */
export function watchBrowser(browser: Browser, violations: CspViolations): void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watchContext(context, violations);
    return context;
  };
}

/**
 * A log destination for the API that keeps only the violations browsers reported (the API logs them at warn), and
 * hands each line at error level or above to `onError`.
 */
export function reportedViolations(violations: CspViolations, onError: (line: string) => void = () => undefined): Writable {
  return new Writable({
    write(line: Buffer, _encoding, done) {
      const entry = JSON.parse(line.toString()) as { level?: number; cspViolation?: { documentUrl?: string; directive?: string; blockedUrl?: string } };
      if ((entry.level ?? 0) >= 50) onError(line.toString().trim());
      if (entry.cspViolation) {
        const { documentUrl, directive, blockedUrl } = entry.cspViolation;
        violations.record(`report from ${documentUrl}`, `${directive} blocked ${blockedUrl}`);
      }
      done();
    },
  });
}
