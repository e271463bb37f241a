import { useSyncExternalStore } from 'react';
import { directionOf, initialLanguage, LANGUAGE_STORAGE_KEY, linkLanguage, type Language } from './languages';

function remember(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
}

// One language for the whole page, kept outside React so any module (analytics, formatting) can read it.
let current: Language = initialLanguage();
// A link's language (an email's status link) is the visitor's choice from then on, as if they had picked it.
if (linkLanguage() === current) remember(current);
const listeners = new Set<() => void>();

function applyToDocument(language: Language): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}
applyToDocument(current);

export const currentLanguage = (): Language => current;

export function setLanguage(language: Language): void {
  if (language === current) return;
  current = language;
  remember(language);
  applyToDocument(language);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
}
