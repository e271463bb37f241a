import type { Language } from '../i18n';

/**
 * Speaking with Tara: the browser's own speech recognition (the Web Speech API's SpeechRecognition, prefixed
 * webkitSpeechRecognition in Chrome and Safari) and speech synthesis. Nothing leaves for a service of ours; where the
 * browser has no recognition there is no voice toggle at all.
 */

/** The part of a browser's SpeechRecognition Tara uses. */
export interface SpeechRecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: { resultIndex: number; results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }> }) => void) | null;
  onend: (() => void) | null;
  onerror: ((event: unknown) => void) | null;
  start(): void;
  stop(): void;
}

/** The part of a browser's window voice needs: each may be missing. */
export interface SpeechWindow {
  SpeechRecognition?: new () => SpeechRecognitionLike;
  webkitSpeechRecognition?: new () => SpeechRecognitionLike;
  speechSynthesis?: { speak(utterance: unknown): void; cancel(): void };
  SpeechSynthesisUtterance?: new (text: string) => { lang: string };
}

/** Recognition and synthesis in the site's language, with the region whose accent the browser knows best for it. */
export const SPEECH_LOCALES: Record<Language, string> = { en: 'en-NG', fr: 'fr-FR', ar: 'ar-EG', sw: 'sw-KE' };

export interface Voice {
  /** Listens until `stop` (or the browser ends it: then `onEnd`); each finished sentence comes to `onText`. */
  listen(language: Language, onText: (text: string) => void, onEnd: () => void): { stop(): void };
  /** Reads Tara's reply aloud, when the browser can; false when it cannot. */
  speak(text: string, language: Language): boolean;
  /** Stops reading aloud. */
  hush(): void;
}

/** What this browser offers: null (no voice toggle) without speech recognition. */
export function voiceSupport(win: SpeechWindow | undefined): Voice | null {
  const Recognition = win?.SpeechRecognition ?? win?.webkitSpeechRecognition;
  if (!win || !Recognition) return null;
  const synthesis = win.speechSynthesis;
  const Utterance = win.SpeechSynthesisUtterance;
  return {
    listen(language, onText, onEnd) {
      const recognition = new Recognition();
      recognition.lang = SPEECH_LOCALES[language];
      recognition.continuous = true;
      recognition.interimResults = false;
      recognition.onresult = (event) => {
        for (let index = event.resultIndex; index < event.results.length; index += 1) {
          const result = event.results[index];
          const text = result?.isFinal ? result[0]?.transcript.trim() : undefined;
          if (text) onText(text);
        }
      };
      recognition.onend = onEnd;
      recognition.onerror = () => onEnd();
      recognition.start();
      return { stop: () => recognition.stop() };
    },
    speak(text, language) {
      if (!synthesis || !Utterance) return false;
      const utterance = new Utterance(text);
      utterance.lang = SPEECH_LOCALES[language];
      synthesis.cancel();
      synthesis.speak(utterance);
      return true;
    },
    hush() {
      synthesis?.cancel();
    },
  };
}

/** This browser's voice, read once (none while rendering on a server). */
export const browserVoice = (): Voice | null => voiceSupport(typeof window === 'undefined' ? undefined : (window as unknown as SpeechWindow));
