import type { SiteLanguage } from '@autobest/domain/languages';

/**
 * The storefront's four languages. Arabic is laid out right to left. Each is one the API takes with a request
 * (SITE_LANGUAGES), so what is written back to a visitor can be in it.
 */
export const LANGUAGES = [
  { code: 'en', name: 'English', dir: 'ltr' },
  { code: 'fr', name: 'Français', dir: 'ltr' },
  { code: 'ar', name: 'العربية', dir: 'rtl' },
  { code: 'sw', name: 'Kiswahili', dir: 'ltr' },
] as const satisfies ReadonlyArray<{ code: SiteLanguage; name: string; dir: 'ltr' | 'rtl' }>;

export type Language = (typeof LANGUAGES)[number]['code'];
export type TranslatedLanguage = Exclude<Language, 'en'>;

export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'user_language';

export const isLanguage = (code: string): code is Language => LANGUAGES.some((language) => language.code === code);
export const directionOf = (language: Language) => LANGUAGES.find((entry) => entry.code === language)!.dir;

/** The language a link asks for with `?lang=`, as our emails' links to the status page do; null when it names none of ours. */
export function linkLanguage(): Language | null {
  if (typeof location === 'undefined') return null;
  const asked = new URLSearchParams(location.search).get('lang');
  return asked !== null && isLanguage(asked) ? asked : null;
}

/** The language the link asks for, else the visitor's remembered choice, else the first of the browser's languages we speak, else English. */
export function initialLanguage(): Language {
  const linked = linkLanguage();
  if (linked) return linked;
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (stored && isLanguage(stored)) return stored;
  } catch {
    // Storage blocked: fall through to the browser's languages.
  }
  const preferred = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language];
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0] ?? '';
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}
