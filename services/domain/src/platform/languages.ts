/**
 * The storefront's languages. A visitor's request carries the one they used on the site, and what we write back to
 * them (an acknowledgement) is in it; a request that says none (or was made before requests said) is in English.
 */
export const SITE_LANGUAGES = ['en', 'fr', 'ar', 'sw'] as const;
export type SiteLanguage = (typeof SITE_LANGUAGES)[number];
export const DEFAULT_SITE_LANGUAGE: SiteLanguage = 'en';

/** Their names as staff read them in the console. */
export const SITE_LANGUAGE_NAMES: Record<SiteLanguage, string> = { en: 'English', fr: 'French', ar: 'Arabic', sw: 'Swahili' };

/** The language to write back to a person in: the one their request names, else English. */
export const languageOf = (request: { language?: SiteLanguage | undefined }): SiteLanguage => request.language ?? DEFAULT_SITE_LANGUAGE;
