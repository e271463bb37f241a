import { describe, expect, it } from 'vitest';
import en from '../../src/inventory/quoteMessages/en';
import fr from '../../src/inventory/quoteMessages/fr';
import ar from '../../src/inventory/quoteMessages/ar';
import sw from '../../src/inventory/quoteMessages/sw';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the price-calculation list in four languages', () => {
  it.each([
    ['fr', fr],
    ['ar', ar],
    ['sw', sw],
  ] as const)('%s keeps every placeholder of the English text and translates the estimate notice', (_language, translation) => {
    for (const [key, text] of Object.entries(en)) expect(placeholders((translation as Record<string, string>)[key]!), key).toEqual(placeholders(text));
    expect(translation.estimate).not.toBe(en.estimate);
  });
});
