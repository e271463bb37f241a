import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { describe, expect, it } from 'vitest';
import { CompanionLink } from '../../src/assistant/CompanionLink';
import { COMPANION_PATH } from '../../src/pages';
import { PAGES } from '../../src/routes';

describe("the spec's calls to action to the Car Buyer Companion", () => {
  it('are links to /car-buyer-companion, a page the storefront has', () => {
    const html = renderToStaticMarkup(createElement(Router, { ssrPath: '/', children: createElement(CompanionLink, { where: 'home_services', children: 'Get Started Today' }) }));
    expect(html).toBe('<a href="/car-buyer-companion" class="button">Get Started Today</a>');
    expect(COMPANION_PATH).toBe('/car-buyer-companion');
    expect(PAGES.map(([path]) => path)).toContain(COMPANION_PATH);
  });
});
