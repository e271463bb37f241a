import { use, useCallback } from 'react';
import type { TranslatedLanguage } from './languages';
import { useLanguage } from './store';

/** An area's English messages: the source every translation must match key for key. */
export type Messages = Readonly<Record<string, string>>;
/** A translation of `M`: the same keys, every one required (TypeScript refuses a missing or unknown key). */
export type Translation<M extends Messages> = { readonly [K in keyof M]: string };

type Loader<M extends Messages> = () => Promise<{ default: Translation<M> }>;

export interface Catalogue<M extends Messages> {
  readonly en: M;
  /** The translation for `language`, loading it on first use (a small chunk per area and language). */
  load(language: TranslatedLanguage): Promise<Translation<M>>;
}

/**
 * English ships with the area's code; the other languages are separate chunks fetched only by visitors
 * who chose them, so a page costs the same bytes in English as it did before translation.
 */
export function defineMessages<M extends Messages>(en: M, loaders: Record<TranslatedLanguage, Loader<M>>): Catalogue<M> {
  const loaded = new Map<TranslatedLanguage, Promise<Translation<M>>>();
  return {
    en,
    load(language) {
      let promise = loaded.get(language);
      if (!promise) {
        const pending: Promise<Translation<M>> = loaders[language]().then((module) => {
          // Marked the way React's `use` reads a settled promise, so later renders never suspend again.
          Object.assign(pending, { status: 'fulfilled', value: module.default });
          return module.default;
        });
        pending.catch(() => loaded.delete(language));
        promise = pending;
        loaded.set(language, promise);
      }
      return promise;
    },
  };
}

export type Values = Readonly<Record<string, string | number>>;
export type Translate<M extends Messages> = (key: keyof M & string, values?: Values) => string;

const PLACEHOLDER = /\{(\w+)\}/g;

/** Fills `{name}` placeholders; a placeholder with no value stays visible rather than vanishing. */
export function interpolate(template: string, values?: Values): string {
  if (!values) return template;
  return template.replace(PLACEHOLDER, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * The translate function for an area in the visitor's language. A language not yet loaded suspends the
 * nearest Suspense boundary (route pages have one) instead of flashing English first.
 */
export function useT<M extends Messages>(catalogue: Catalogue<M>): Translate<M> {
  const language = useLanguage();
  const messages: M | Translation<M> = language === 'en' ? catalogue.en : use(catalogue.load(language));
  return useCallback((key, values) => interpolate(messages[key] ?? catalogue.en[key] ?? key, values), [messages, catalogue]);
}
