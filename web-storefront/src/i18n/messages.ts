import { use, useMemo } from 'react';
import type { Language, TranslatedLanguage } from './languages';
import { useLanguage } from './store';

/** An area's English messages: the source every translation must match key for key. */
export type Messages = Readonly<Record<string, string>>;
/** CLDR's plural categories. A language uses those its grammar has: English one and other, Arabic all six. */
export type PluralCategory = Intl.LDMLPluralRule;
/** The names of `M`'s plural messages: each is written as forms `name.one`, `name.other`, ... and always has `other`. */
export type PluralName<M extends Messages> = { [K in keyof M & string]: K extends `${infer Name}.other` ? Name : never }[keyof M & string];
type PluralForm<M extends Messages> = `${PluralName<M>}.${PluralCategory}`;

/**
 * A translation of `M`: the same keys, every one required (TypeScript refuses a missing or unknown key), plus the
 * forms of a plural message that the language needs and English does not (Arabic's zero, two, few and many).
 */
export type Translation<M extends Messages> = { readonly [K in keyof M]: string } & { readonly [K in Exclude<PluralForm<M>, keyof M>]?: string };

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

const pluralRules = new Map<Language, Intl.PluralRules>();

/** Which of the language's plural forms `count` takes: French says "0 véhicule", Arabic has six forms. */
export function pluralCategory(language: Language, count: number): PluralCategory {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/**
 * The plural message `name` for `count` in one language's messages, filled in: the form of the count's category,
 * else `other`. `{count}` is the count unless `values` gives it already formatted.
 */
export function plural<M extends Messages>(messages: M | Translation<M>, language: Language, name: PluralName<M>, count: number, values?: Values): string {
  const forms = messages as Readonly<Record<string, string | undefined>>;
  const form = forms[`${name}.${pluralCategory(language, count)}`] ?? forms[`${name}.other`] ?? name;
  return interpolate(form, { count, ...values });
}

/** An area's translate function, with its plural messages chosen by count. */
export type Translator<M extends Messages> = Translate<M> & { plural(name: PluralName<M>, count: number, values?: Values): string };

/**
 * The translate function for an area in the visitor's language. A language not yet loaded suspends the
 * nearest Suspense boundary (route pages have one) instead of flashing English first.
 */
export function useT<M extends Messages>(catalogue: Catalogue<M>): Translator<M> {
  const language = useLanguage();
  const messages: M | Translation<M> = language === 'en' ? catalogue.en : use(catalogue.load(language));
  return useMemo(
    () =>
      Object.assign((key: keyof M & string, values?: Values) => interpolate(messages[key] ?? catalogue.en[key] ?? key, values), {
        plural: (name: PluralName<M>, count: number, values?: Values) => plural(messages, language, name, count, values),
      }),
    [messages, catalogue, language],
  );
}
