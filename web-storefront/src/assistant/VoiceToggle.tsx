import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Language } from '../i18n';
import { useT } from '../i18n';
import { track } from '../analytics/analytics';
import { taraMessages } from './messages';
import type { Voice } from './voice';

/**
 * Voice on or off: while on, what the buyer says is sent to Tara as typed text would be, and `speaking` tells the
 * widget to read her replies aloud. Renders nothing where the browser has no speech recognition (`voice` null).
 */
export function VoiceToggle({ voice, language, disabled, onText, onChange }: { voice: Voice | null; language: Language; disabled?: boolean; onText(text: string): void; onChange?(on: boolean): void }) {
  const t = useT(taraMessages);
  const [on, setOn] = useState(false);
  const listening = useRef<{ stop(): void } | null>(null);
  // The latest handler, so a sentence heard after a re-render goes to the current conversation.
  const send = useRef(onText);
  useLayoutEffect(() => {
    send.current = onText;
  });

  const turn = (next: boolean) => {
    setOn(next);
    onChange?.(next);
  };
  const stop = () => {
    listening.current?.stop();
    listening.current = null;
    voice?.hush();
    turn(false);
  };

  // Changing the site's language, or leaving, ends listening (recognition keeps the language it started with).
  useEffect(() => () => {
    listening.current?.stop();
    listening.current = null;
  }, [language]);

  if (!voice) return null;
  const toggle = () => {
    if (on) return stop();
    track('user_interaction', { action: 'tara_voice' });
    listening.current = voice.listen(language, (text) => send.current(text), () => {
      listening.current = null;
      turn(false);
    });
    turn(true);
  };
  return (
    <>
      <button type="button" className="tara-voice" aria-pressed={on} aria-label={t('voice')} title={t('voice')} disabled={disabled && !on} onClick={toggle}>
        <span aria-hidden="true">🎤</span>
      </button>
      {on ? (
        <span className="visually-hidden" role="status">
          {t('listening')}
        </span>
      ) : null}
    </>
  );
}
