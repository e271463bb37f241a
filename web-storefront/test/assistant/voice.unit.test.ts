import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { voiceSupport, type SpeechRecognitionLike, type SpeechWindow } from '../../src/assistant/voice';
import { VoiceToggle } from '../../src/assistant/VoiceToggle';
import fr from '../../src/assistant/messages/fr';
import ar from '../../src/assistant/messages/ar';
import sw from '../../src/assistant/messages/sw';

/** A browser window with speech recognition (prefixed, as Chrome and Safari have it) and synthesis, that keeps what Tara did. */
function speakingWindow() {
  const recognitions: FakeRecognition[] = [];
  const spoken: Array<{ text: string; lang: string }> = [];
  class FakeRecognition implements SpeechRecognitionLike {
    lang = '';
    continuous = false;
    interimResults = true;
    started = false;
    onresult: SpeechRecognitionLike['onresult'] = null;
    onend: (() => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;
    constructor() {
      recognitions.push(this);
    }
    start() {
      this.started = true;
    }
    stop() {
      this.started = false;
      this.onend?.();
    }
    /** The browser heard a sentence. */
    hear(transcript: string, isFinal = true) {
      this.onresult?.({ resultIndex: 0, results: [Object.assign([{ transcript }], { isFinal })] });
    }
  }
  class FakeUtterance {
    lang = '';
    constructor(readonly text: string) {}
  }
  const win: SpeechWindow = {
    webkitSpeechRecognition: FakeRecognition,
    SpeechSynthesisUtterance: FakeUtterance,
    speechSynthesis: { speak: (utterance) => spoken.push({ text: (utterance as FakeUtterance).text, lang: (utterance as FakeUtterance).lang }), cancel: () => undefined },
  };
  return { win, recognitions, spoken };
}

const toggleIn = (voice: ReturnType<typeof voiceSupport>) => renderToStaticMarkup(createElement(VoiceToggle, { voice, language: 'en', onText: () => undefined }));

describe("Tara's voice toggle", () => {
  it('is absent where the browser has no speech recognition', () => {
    expect(voiceSupport(undefined)).toBeNull();
    expect(voiceSupport({})).toBeNull();
    // Synthesis alone is not enough to talk with Tara.
    expect(voiceSupport({ speechSynthesis: { speak: () => undefined, cancel: () => undefined } })).toBeNull();
    expect(toggleIn(null)).toBe('');
  });

  it('shows where the browser has speech recognition, off until pressed', () => {
    const html = toggleIn(voiceSupport(speakingWindow().win));
    expect(html).toContain('aria-pressed="false"');
    expect(html).toContain('aria-label="Talk to Tara by voice"');
  });

  it("listens in the site's language and hands on each finished sentence", () => {
    const { win, recognitions } = speakingWindow();
    const heard: string[] = [];
    let ended = false;
    const listening = voiceSupport(win)!.listen('fr', (text) => heard.push(text), () => (ended = true));
    const [recognition] = recognitions;
    expect(recognition?.lang).toBe('fr-FR');
    expect(recognition?.started).toBe(true);
    recognition!.hear('un SUV pour la famille', false);
    recognition!.hear('  un SUV pour la famille  ');
    expect(heard).toEqual(['un SUV pour la famille']);
    listening.stop();
    expect(ended).toBe(true);
  });

  it("reads Tara's replies aloud in the site's language where the browser can speak, and not where it cannot", () => {
    const { win, spoken } = speakingWindow();
    expect(voiceSupport(win)!.speak('Karibu! Bajeti yako ni kiasi gani?', 'sw')).toBe(true);
    expect(spoken).toEqual([{ text: 'Karibu! Bajeti yako ni kiasi gani?', lang: 'sw-KE' }]);
    const mute = voiceSupport({ SpeechRecognition: win.webkitSpeechRecognition! })!;
    expect(mute.speak('Hello', 'en')).toBe(false);
  });

  it('is named in every language', () => {
    expect([fr.voice, ar.voice, sw.voice]).toEqual(['Parler à Tara de vive voix', 'التحدث إلى تارا بالصوت', 'Ongea na Tara kwa sauti']);
  });
});
