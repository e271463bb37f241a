import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { describe, expect, it } from 'vitest';
import { CurrencyProvider } from '../../src/currency/CurrencyContext';
import { ElectricCarsPage, PROMOTED_RANGE_KM } from '../../src/inventory/ElectricCarsPage';
import { interpolate } from '../../src/i18n/messages';
import en from '../../src/inventory/messages/en';
import fr from '../../src/inventory/messages/fr';
import ar from '../../src/inventory/messages/ar';
import sw from '../../src/inventory/messages/sw';

/** The page as the browser first draws it (its search still loading). */
const firstDraw = () =>
  renderToStaticMarkup(createElement(Router, { ssrPath: '/electric-cars', ssrSearch: '', children: createElement(CurrencyProvider, { children: createElement(ElectricCarsPage) }) }));

describe("the electric cars page's promotion", () => {
  it("claims up to 800 km of range in its banner, under the back link to Buy Cars (spec 001, 'Electric Vehicles')", () => {
    expect(PROMOTED_RANGE_KM).toBe(800);
    const html = firstDraw();
    expect(html).toMatch(/^<section class="page"><a href="\/buy-cars" class="back-link">← Back to Buy Cars<\/a><div class="promo-banner"><h1>Electric Vehicles<\/h1><p class="promo-claim">Up to 800 km of range on a single charge<\/p>/);
  });

  it('says so in every language', () => {
    const said = Object.fromEntries(Object.entries({ en, fr, ar, sw }).map(([language, messages]) => [language, interpolate(messages.electricPromo, { range: '800' })]));
    expect(said).toEqual({
      en: 'Up to 800 km of range on a single charge',
      fr: "Jusqu'à 800 km d'autonomie avec une seule charge",
      ar: 'مدى يصل إلى 800 كم بشحنة واحدة',
      sw: 'Hadi km 800 kwa chaji moja',
    });
  });
});
