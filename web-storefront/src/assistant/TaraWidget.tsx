import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent, type SyntheticEvent } from 'react';
import { Link } from 'wouter';
import type { ChatAnswer, ChatCitation, ChatContext, ChatMessage, ChatStage, ChatVehicleCard, ConversationView } from '@autobest/domain/assistant/contracts';
import { CHAT_FAILURE_MESSAGE } from '@autobest/domain/assistant/failure';
import { EMPTY_CHAT_CONTEXT } from '@autobest/domain/assistant/slots';
import { describeDetails, firstSuggestionsFor, sortCards } from '@autobest/domain/assistant/replies';
import type { CardSort } from '@autobest/domain/assistant/understanding';
import { EMAIL_PATTERN, PHONE_PATTERN } from '@autobest/domain/contact';
import { PRICE_CURRENCY_CODES, type PriceCurrency } from '@autobest/domain/money';
import { fieldMessagesOf, type ShownMessage } from '../api/domainMessages';
import { useSayFormMessage } from '../api/sayFormMessage';
import { useRateLimitedText } from '../api/rateLimited';
import { track } from '../analytics/analytics';
import { useCurrency } from '../currency/CurrencyContext';
import { useFormat, useLanguage, useT } from '../i18n';
import { Dialog } from '../ui/Dialog';
import { handOff, reopenConversation, sendChatMessage, startConversation } from './api';
import { closeTara, minimizeTara, taraState, useTara } from './taraStore';
import { taraMessages } from './messages';
import { browserVoice } from './voice';
import { VoiceToggle } from './VoiceToggle';
import type en from './messages/en';
import './tara.css';

/** Where the conversation's id is kept, so it survives a reload and moving between pages. */
export const CONVERSATION_KEY = 'tara_conversation';

type Key = keyof typeof en & string;
/** The sort chips, in the spec's order; the cards are sorted as Tara sorts them when asked in words. */
const SORTS: ReadonlyArray<readonly [CardSort, Key]> = [
  ['efficiency', 'sortEfficiency'],
  ['power', 'sortPower'],
  ['price', 'sortPrice'],
  ['popularity', 'sortPopularity'],
];
/** The spec's three quick replies, before Tara has suggested her own: named for analytics, worded by the domain. */
const FIRST_QUICK_REPLIES = ['budget', 'suv', 'efficient'] as const;
const INPUT_MIN_PX = 80;
const INPUT_MAX_PX = 140;

/** A message of the log: as recorded, or Tara's failure message that only this browser shows. */
type LogMessage = ChatMessage & { failed?: boolean };

interface Conversation {
  id: string;
  stage: ChatStage;
  messages: LogMessage[];
  context: ChatContext;
  vehicles: ChatVehicleCard[];
  /** The order the buyer asked for in words, which the cards came in. */
  sort: CardSort | null;
  suggestions: Array<{ label: string; text: string; action?: 'handoff' | undefined }>;
  handedOff: boolean;
}

function rememberedId(): string | null {
  try {
    return localStorage.getItem(CONVERSATION_KEY);
  } catch {
    return null;
  }
}
function remember(id: string): void {
  try {
    localStorage.setItem(CONVERSATION_KEY, id);
  } catch {
    // Private mode: the conversation lasts while the page is open.
  }
}

const fromView = (view: ConversationView): Conversation => ({
  id: view.id,
  stage: view.stage,
  messages: view.messages,
  context: view.context,
  vehicles: view.vehicles,
  sort: view.sort,
  suggestions: view.suggestions,
  handedOff: view.handedOff,
});

const localMessage = (content: string, isUser: boolean, failed = false): LogMessage => ({ id: `local-${crypto.randomUUID()}`, content, isUser, timestamp: new Date().toISOString(), failed });

const isPriceCurrency = (code: string): code is PriceCurrency => (PRICE_CURRENCY_CODES as readonly string[]).includes(code);

/** A rate snapshot cited as `rates:{source}@{timestamp}`: where its rates come from and when; null for any other source. */
function rateSnapshot(citation: ChatCitation): { fallback: boolean; at: string } | null {
  const match = /^rates:([^@]*)@(.+)$/.exec(citation.source);
  return match?.[2] && !Number.isNaN(Date.parse(match[2])) ? { fallback: match[1] === 'fallback', at: match[2] } : null;
}

/**
 * Tara's chat (spec 001, "Tara chat widget"): a full-screen two-pane modal dialog, the chat on the left and the cards
 * of real vehicles on the right, or a small bar when minimized. Loaded on first open (its own chunk).
 */
export default function TaraWidget() {
  const tara = useTara();
  const t = useT(taraMessages);
  const say = useSayFormMessage();
  const rateLimited = useRateLimitedText();
  const language = useLanguage();
  const { currency } = useCurrency();
  const format = useFormat();
  const ids = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);

  const [conversation, setConversation] = useState<Conversation | null>(null);
  const [starting, setStarting] = useState(false);
  const [pending, setPending] = useState(false);
  const [text, setText] = useState('');
  const [sort, setSort] = useState<CardSort | null>(null);
  const [view, setView] = useState<'chat' | 'handoff'>('chat');
  const [meetOpen, setMeetOpen] = useState(false);
  // The browser's speech recognition and synthesis, where it has them (no voice toggle where it has no recognition).
  const [voice] = useState(browserVoice);
  const [voiceOn, setVoiceOn] = useState(false);
  const spoken = useRef<string | null>(null);
  const handledSerial = useRef(0);
  const reportedStages = useRef(new Set<string>());
  // The conversation being started, so a message typed meanwhile waits for it instead of starting a second one.
  const starts = useRef<Promise<Conversation | null> | null>(null);

  const reportStage = useCallback((id: string, stage: ChatStage) => {
    const key = `${id}:${stage}`;
    if (reportedStages.current.has(key)) return;
    reportedStages.current.add(key);
    track('conversation_stage', { stage, conversationId: id });
  }, []);

  const failWith = useCallback((content: string) => {
    setConversation((current) => (current ? { ...current, messages: [...current.messages, localMessage(content, false, true)] } : current));
  }, []);

  const begin = useCallback(
    (fresh: boolean): Promise<Conversation | null> => {
      if (starts.current) return starts.current;
      const { entry, topic } = taraState().request;
      setStarting(true);
      const run = (async () => {
        const stored = fresh ? null : rememberedId();
        if (stored) {
          const view = await reopenConversation(stored).catch(() => undefined);
          if (view) {
            for (const stage of ['greeting', view.stage] as const) reportedStages.current.add(`${view.id}:${stage}`);
            return fromView(view);
          }
        }
        const started = await startConversation({ language, currency, entry, ...(topic ? { topic } : {}) });
        if (!started.ok) return null;
        remember(started.data.id);
        reportStage(started.data.id, started.data.stage);
        return { id: started.data.id, stage: started.data.stage, messages: [started.data.greeting], context: EMPTY_CHAT_CONTEXT, vehicles: [], sort: null, suggestions: [], handedOff: false } satisfies Conversation;
      })();
      starts.current = run;
      void run.then((opened) => {
        starts.current = null;
        setStarting(false);
        setSort(opened?.sort ?? null);
        setConversation(opened ?? { id: '', stage: 'greeting', messages: [localMessage(CHAT_FAILURE_MESSAGE[language], false, true)], context: EMPTY_CHAT_CONTEXT, vehicles: [], sort: null, suggestions: [], handedOff: false });
      });
      return run;
    },
    [language, currency, reportStage],
  );

  // Each request to open: a topic starts a conversation about it, otherwise the buyer's conversation goes on.
  useEffect(() => {
    if (!tara.open || tara.request.serial === handledSerial.current) return;
    handledSerial.current = tara.request.serial;
    setView(tara.request.handoffFirst ? 'handoff' : 'chat');
    if (tara.request.topic || !conversation || !conversation.id) void begin(Boolean(tara.request.topic));
  }, [tara.open, tara.request, conversation, begin]);

  // Open and expanded: the modal dialog (the browser keeps focus in it and closes it on Escape).
  const expanded = tara.open && !tara.minimized;
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (expanded && !element.open) {
      element.showModal();
      (view === 'chat' ? input.current : element.querySelector<HTMLElement>('.tara-handoff input'))?.focus();
    } else if (!expanded && element.open) {
      element.close();
    }
  }, [expanded, view]);

  const onDialogClose = (event: SyntheticEvent<HTMLDialogElement>) => {
    // React passes a nested dialog's close up the tree: closing 'Meet Tara' must leave Tara open.
    if (event.target !== event.currentTarget) return;
    // Minimizing closes the dialog too; only a real close (Escape, the close button) closes the widget.
    if (taraState().minimized) return;
    closeTara();
    document.querySelector<HTMLElement>('.tara-launcher')?.focus();
  };

  // Tab and Shift+Tab go round inside the dialog instead of out to the browser's own controls.
  const keepFocusInside = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), textarea:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])')].filter((element) => element.offsetParent !== null && !element.closest('dialog:not(.tara-dialog)'));
    const first = focusable[0];
    const last = focusable.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  useLayoutEffect(() => {
    const element = input.current;
    if (!element) return;
    element.style.height = 'auto';
    // The box is border-box: its height is the text's (scrollHeight) plus its borders.
    const borders = element.offsetHeight - element.clientHeight;
    element.style.height = `${Math.min(INPUT_MAX_PX, Math.max(INPUT_MIN_PX, element.scrollHeight + borders))}px`;
  }, [text, view]);

  // While voice is on, each new reply of Tara's is read aloud in the site's language.
  const lastMessage = conversation?.messages.at(-1);
  useEffect(() => {
    if (!voice || !voiceOn || !lastMessage || lastMessage.isUser || spoken.current === lastMessage.id) return;
    spoken.current = lastMessage.id;
    voice.speak(lastMessage.content, language);
  }, [voice, voiceOn, lastMessage, language]);

  // New messages scroll into view.
  const log = useRef<HTMLDivElement>(null);
  const messageCount = conversation?.messages.length ?? 0;
  useEffect(() => {
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messageCount, pending]);

  const send = async (raw: string) => {
    const message = raw.trim();
    if (!message || pending) return;
    setPending(true);
    setText('');
    const shown = localMessage(message, true);
    setConversation((current) => (current ? { ...current, messages: [...current.messages, shown] } : current));
    const opened = conversation?.id ? conversation : await begin(false);
    const result = opened ? await sendChatMessage(opened.id, message, language, currency) : null;
    setPending(false);
    if (result?.ok) {
      const answer: ChatAnswer = result.data;
      reportStage(opened!.id, answer.stage);
      setConversation((current) =>
        current
          ? {
              ...current,
              stage: answer.stage,
              context: answer.context,
              // A reply without cards (a question back) leaves the last cards shown.
              vehicles: answer.vehicles.length > 0 ? answer.vehicles : current.vehicles,
              sort: answer.vehicles.length > 0 ? answer.sort : current.sort,
              suggestions: answer.suggestions,
              messages: [...current.messages.filter((each) => each.id !== shown.id), answer.message, answer.replyMessage],
            }
          : current,
      );
      // New cards come in the order asked for in words, if any: its chip shows pressed.
      if (answer.vehicles.length > 0) setSort(answer.sort);
      return;
    }
    // Nothing typed is lost: the text goes back in the box (unless the buyer has started another).
    setText((current) => current || message);
    setConversation((current) => (current ? { ...current, messages: current.messages.filter((each) => each.id !== shown.id) } : current));
    if (result && result.status === 429) failWith(rateLimited.text(result.retryAfterSeconds));
    else if (result && result.status === 400 && result.error.fields?.['text']) failWith(say(fieldMessagesOf(result.error)['text']!, { label: t('inputLabel') }));
    else failWith(CHAT_FAILURE_MESSAGE[language]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter (and Enter while an input method composes a word) makes a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send(text);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send(text);
  };

  /**
   * Correcting what Tara understood: the chip's button puts the start of a correcting sentence in the box ("My
   * budget is "), for the buyer to finish and send. Tara's understanding of the new message replaces the old value,
   * so the correction is part of the conversation (and of the transcript staff read) rather than a silent edit.
   */
  const correct = (start: Key) => {
    setText(t(start));
    input.current?.focus();
  };

  const minimize = () => minimizeTara(true);
  const quickReplies = conversation && conversation.suggestions.length > 0 ? conversation.suggestions.map((suggestion, index) => ({ key: `s${index}`, label: suggestion.label, text: suggestion.text, handoff: suggestion.action === 'handoff', action: { action: 'tara_suggestion', position: index + 1 } })) : firstSuggestionsFor(language).map((suggestion, index) => ({ key: FIRST_QUICK_REPLIES[index]!, label: suggestion.label, text: suggestion.text, handoff: false, action: { action: 'tara_quick_reply', reply: FIRST_QUICK_REPLIES[index]! } }));

  const context = conversation?.context;
  const chips: Array<{ key: string; label: string; change: Key; start: Key }> = [];
  if (context?.budget) chips.push({ key: 'budget', label: t('budgetChip', { value: isPriceCurrency(context.budget.currency) ? format.money(context.budget.amount, context.budget.currency) : `${context.budget.amount} ${context.budget.currency}` }), change: 'changeBudget', start: 'correctBudget' });
  if (context?.usage) chips.push({ key: 'usage', label: t('usageChip', { value: t(`usage.${context.usage}`) }), change: 'changeUsage', start: 'correctUsage' });
  if (context?.preferredVehicleType) chips.push({ key: 'type', label: t('typeChip', { value: t(`type.${context.preferredVehicleType}`) }), change: 'changeType', start: 'correctType' });
  // The other slots (fuel, 4x4, seats, range, condition, year, make, city, fuel economy) in one chip.
  const details = context ? describeDetails(context, language) : '';
  if (details) chips.push({ key: 'details', label: t('detailsChip', { value: details }), change: 'changeDetails', start: 'correctDetails' });

  const vehicles = conversation ? (sort ? sortCards(conversation.vehicles, sort) : conversation.vehicles) : [];

  const citation = (each: ChatCitation, index: number) => {
    const rates = rateSnapshot(each);
    // The fallback table has no date worth showing (it is the same every day).
    if (rates)
      return (
        <li key={index} className="tara-rates">
          {rates.fallback ? t('ratesFallback') : t('ratesOf', { date: format.date(rates.at, { dateStyle: 'medium', timeStyle: 'short' }) })}
        </li>
      );
    if (each.source.startsWith('/'))
      return (
        <li key={index}>
          <Link to={each.source} onClick={minimize}>
            {each.label ?? each.source}
          </Link>
        </li>
      );
    return <li key={index}>{each.label ?? each.source}</li>;
  };

  return (
    <>
      {tara.open && tara.minimized ? (
        <div className="tara-minimized" role="region" aria-label={t('title')}>
          <button type="button" className="tara-restore" onClick={() => minimizeTara(false)}>
            <span className="tara-avatar-small" aria-hidden="true">
              T
            </span>
            {t('restore')}
          </button>
          <button type="button" className="tara-icon-button" aria-label={t('close')} onClick={() => closeTara()}>
            ×
          </button>
        </div>
      ) : null}
      <dialog ref={dialog} className="tara-dialog" aria-labelledby={`${ids}-title`} aria-modal="true" onClose={onDialogClose} onKeyDown={keepFocusInside}>
        <div className="tara-panes">
          <section className="tara-chat" aria-labelledby={`${ids}-title`}>
            <header className="tara-head">
              <h2 id={`${ids}-title`}>{t('title')}</h2>
              <button type="button" className="tara-person" onClick={() => setView(view === 'handoff' ? 'chat' : 'handoff')} aria-pressed={view === 'handoff'}>
                {t('talkToPerson')}
              </button>
              <button type="button" className="tara-icon-button" aria-label={t('minimize')} onClick={minimize}>
                –
              </button>
              <button type="button" className="tara-icon-button" aria-label={t('close')} onClick={() => dialog.current?.close()}>
                ×
              </button>
            </header>

            {chips.length > 0 ? (
              <div className="tara-understood">
                <h3>{t('understood')}</h3>
                <ul>
                  {chips.map((chip) => (
                    <li key={chip.key} className="tara-chip">
                      <span>{chip.label}</span>
                      <button type="button" aria-label={t(chip.change)} onClick={() => correct(chip.start)}>
                        {t('change')}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}

            <div ref={log} className="tara-log" role="log" aria-live="polite" aria-label={t('chatLog')} aria-busy={starting}>
              <ol>
                {conversation?.messages.map((message) => (
                  <li key={message.id} className={`tara-message ${message.isUser ? 'tara-from-buyer' : 'tara-from-tara'}${message.failed ? ' tara-failed' : ''}`}>
                    <span className="visually-hidden">{message.isUser ? t('you') : t('tara')}: </span>
                    <p>{message.content}</p>
                    {message.citations && message.citations.length > 0 ? (
                      <div className="tara-citations">
                        <span>{t('sources')}</span>
                        <ul>{message.citations.map(citation)}</ul>
                      </div>
                    ) : null}
                  </li>
                ))}
              </ol>
            </div>
            {starting ? <p className="tara-typing">{t('starting')}</p> : null}
            {pending ? (
              <p className="tara-typing" role="status">
                <span className="tara-dots" aria-hidden="true">
                  <span />
                  <span />
                  <span />
                </span>
                {t('typing')}
              </p>
            ) : null}

            {view === 'handoff' ? (
              <Handoff conversationId={conversation?.id || null} ensure={() => begin(false)} onDone={(reply) => setConversation((current) => (current ? { ...current, handedOff: true, messages: [...current.messages, reply] } : current))} onBack={() => setView('chat')} />
            ) : (
              <>
                <ul className="tara-quick" aria-label={t('quickReplies')}>
                  {quickReplies.map((reply) => (
                    <li key={reply.key}>
                      <button
                        type="button"
                        disabled={pending}
                        onClick={() => {
                          track('user_interaction', reply.action);
                          // 'Talk to a person' opens the form at once rather than asking Tara how to reach one.
                          if (reply.handoff) setView('handoff');
                          else void send(reply.text);
                        }}
                      >
                        {reply.label}
                      </button>
                    </li>
                  ))}
                </ul>
                <form className="tara-compose" onSubmit={onSubmit}>
                  <label htmlFor={`${ids}-input`} className="visually-hidden">
                    {t('inputLabel')}
                  </label>
                  <VoiceToggle
                    voice={voice}
                    language={language}
                    disabled={pending}
                    onText={(heard) => void send(heard)}
                    onChange={(on) => {
                      // What Tara said before voice was turned on is not read out.
                      spoken.current = on ? (conversation?.messages.at(-1)?.id ?? null) : spoken.current;
                      setVoiceOn(on);
                    }}
                  />
                  <textarea ref={input} id={`${ids}-input`} value={text} rows={1} maxLength={1000} placeholder={t('placeholder')} onChange={(event) => setText(event.target.value)} onKeyDown={onKeyDown} />
                  <button type="submit" className="button" disabled={pending || text.trim() === ''}>
                    {t('send')}
                  </button>
                </form>
              </>
            )}
          </section>

          <section className="tara-cards" aria-labelledby={`${ids}-cards`}>
            <button type="button" className="tara-avatar-large" onClick={() => setMeetOpen(true)} aria-haspopup="dialog">
              <span aria-hidden="true">T</span>
              <span className="visually-hidden">{t('meetButton')}</span>
            </button>
            <h2 id={`${ids}-cards`}>{t('withinBudget')}</h2>
            <div className="tara-sorts" role="group" aria-label={t('sortBy')}>
              {SORTS.map(([key, label]) => (
                <button
                  key={key}
                  type="button"
                  aria-pressed={sort === key}
                  onClick={() => {
                    setSort(sort === key ? null : key);
                    track('user_interaction', { action: 'tara_sort', sort: key });
                  }}
                >
                  {t(label)}
                </button>
              ))}
            </div>
            {vehicles.length === 0 ? (
              <p className="tara-empty">{t('noVehicles')}</p>
            ) : (
              <ul className="tara-vehicles">
                {vehicles.map((vehicle) => (
                  <li key={vehicle.id} className="tara-vehicle">
                    {vehicle.image ? <img src={vehicle.image.url} alt={vehicle.image.alt} loading="lazy" width={320} height={200} /> : null}
                    <h3>
                      <Link
                        to={vehicle.path}
                        onClick={() => {
                          track('user_interaction', { action: 'tara_vehicle_card', vehicleId: vehicle.id });
                          minimize();
                        }}
                      >
                        {vehicle.name}
                      </Link>
                    </h3>
                    <p className="tara-vehicle-subtitle">{vehicle.subtitle}</p>
                    <p className="tara-vehicle-price">{isPriceCurrency(vehicle.price.currency) ? format.money(vehicle.price.amount, vehicle.price.currency) : `${vehicle.price.amount} ${vehicle.price.currency}`}</p>
                    <ul className="tara-vehicle-facts">
                      <li>{t('efficiency', { value: vehicle.efficiency.label })}</li>
                      <li>{vehicle.powerHp === null ? t('powerUnknown') : t('power', { hp: format.number(vehicle.powerHp) })}</li>
                      <li>{t('rating', { rating: format.number(vehicle.rating, { maximumFractionDigits: 1 }), count: format.number(vehicle.reviewCount) })}</li>
                    </ul>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
        <Dialog open={meetOpen} onClose={() => setMeetOpen(false)} title={t('meetTitle')} closeLabel={t('close')}>
          <p>{t('meetBody')}</p>
          <ul className="tara-claims">
            <li>{t('meetBuyers')}</li>
            <li>{t('meetRating')}</li>
          </ul>
          <button type="button" className="button" onClick={() => setMeetOpen(false)}>
            {t('close')}
          </button>
        </Dialog>
      </dialog>
    </>
  );
}

type HandoffField = 'name' | 'phone' | 'email';
const HANDOFF_FIELDS: readonly HandoffField[] = ['name', 'phone', 'email'];

/** The contact form's rules: a name, and a phone or an email (or both) of the shapes the contact form accepts. */
function handoffErrors(values: Record<HandoffField, string>, contactNeeded: string): Partial<Record<HandoffField, ShownMessage>> {
  const errors: Partial<Record<HandoffField, ShownMessage>> = {};
  const name = values.name.trim();
  const phone = values.phone.trim();
  const email = values.email.trim();
  if (!name) errors.name = { code: 'nameRequired', message: 'Name is required' };
  else if (name.length > 100) errors.name = { code: 'fieldTooLong', params: { max: 100 }, message: 'Name must be at most 100 characters' };
  if (phone && !PHONE_PATTERN.test(phone)) errors.phone = { code: 'phoneInvalid', message: 'Please enter a valid phone number' };
  if (email && !EMAIL_PATTERN.test(email)) errors.email = { code: 'emailInvalid', message: 'Please enter a valid email address' };
  if (!phone && !email) errors.phone = { message: contactNeeded };
  return errors;
}

/** 'Talk to a person': the buyer leaves a name and a phone or an email; staff get the conversation as a lead. */
function Handoff({ conversationId, ensure, onDone, onBack }: { conversationId: string | null; ensure(): Promise<{ id: string } | null>; onDone(reply: ChatMessage): void; onBack(): void }) {
  const t = useT(taraMessages);
  const language = useLanguage();
  const say = useSayFormMessage();
  const rateLimited = useRateLimitedText();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<HandoffField, string>>({ name: '', phone: '', email: '' });
  const [errors, setErrors] = useState<Partial<Record<HandoffField, ShownMessage>>>({});
  const [status, setStatus] = useState<'idle' | 'sending' | 'failed'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<{ whatsappUrl: string | null } | null>(null);
  // Asked, never assumed: off until the buyer ticks it; it only counts with a phone.
  const [whatsappUpdates, setWhatsappUpdates] = useState(false);

  const focusFirst = (invalid: Partial<Record<HandoffField, ShownMessage>>) => {
    const first = HANDOFF_FIELDS.find((field) => invalid[field]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (status === 'sending') return;
    const invalid = handoffErrors(values, t('contactNeeded'));
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) {
      focusFirst(invalid);
      return;
    }
    setStatus('sending');
    setFailure(null);
    const conversation = conversationId ? { id: conversationId } : await ensure();
    const result = conversation ? await handOff(conversation.id, { name: values.name.trim(), ...(values.phone.trim() ? { phone: values.phone.trim() } : {}), ...(values.email.trim() ? { email: values.email.trim() } : {}), ...(whatsappUpdates && values.phone.trim() ? { whatsappUpdates } : {}) }) : null;
    if (result?.ok) {
      track('user_interaction', { action: 'tara_handoff', conversationId: conversation!.id });
      setDone({ whatsappUrl: result.data.whatsappUrl });
      onDone(result.data.reply);
      setStatus('idle');
      return;
    }
    setStatus('failed');
    if (!result) return setFailure(CHAT_FAILURE_MESSAGE[language]);
    const serverErrors: Partial<Record<HandoffField, ShownMessage>> = {};
    for (const [field, message] of Object.entries(fieldMessagesOf(result.error))) if (message && (HANDOFF_FIELDS as readonly string[]).includes(field)) serverErrors[field as HandoffField] = message;
    if (Object.keys(serverErrors).length > 0) {
      setErrors(serverErrors);
      focusFirst(serverErrors);
      return;
    }
    setFailure(result.status === 429 ? rateLimited.text(result.retryAfterSeconds) : CHAT_FAILURE_MESSAGE[language]);
  };

  if (done)
    return (
      <div className="tara-handoff">
        <p className="notice notice-success" role="status">
          {t('handoffDone')}
        </p>
        <p className="tara-handoff-actions">
          {done.whatsappUrl ? (
            <a className="button" href={done.whatsappUrl} target="_blank" rel="noopener noreferrer">
              {t('whatsapp')}
            </a>
          ) : null}
          <button type="button" className="button button-secondary" onClick={onBack}>
            {t('backToChat')}
          </button>
        </p>
      </div>
    );

  const field = (name: HandoffField, label: string, type: string, autoComplete: string) => {
    const error = errors[name];
    return (
      <div className="tara-field">
        <label htmlFor={`${id}-${name}`}>{label}</label>
        <input
          id={`${id}-${name}`}
          name={name}
          type={type}
          autoComplete={autoComplete}
          value={values[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${name}-error` : undefined}
          onChange={(event) => {
            const value = event.target.value;
            setValues((current) => ({ ...current, [name]: value }));
            if (error) setErrors((current) => ({ ...current, [name]: undefined }));
          }}
        />
        {error ? (
          <p className="field-error" id={`${id}-${name}-error`}>
            {say(error, { label })}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form ref={form} className="tara-handoff" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('handoffTitle')}</h3>
      <p className="hint">{t('handoffIntro')}</p>
      {field('name', t('name'), 'text', 'name')}
      {field('phone', t('phone'), 'tel', 'tel')}
      {field('email', t('email'), 'email', 'email')}
      <label className="checkbox tara-field">
        <input type="checkbox" name="whatsappUpdates" checked={whatsappUpdates} onChange={(event) => setWhatsappUpdates(event.target.checked)} />
        <span>{t('whatsappUpdates')}</span>
      </label>
      {failure ? (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      ) : null}
      <p className="tara-handoff-actions">
        <button type="submit" className="button" disabled={status === 'sending'}>
          {status === 'sending' ? t('handoffSending') : t('handoffSend')}
        </button>
        <button type="button" className="button button-secondary" onClick={onBack}>
          {t('orChat')}
        </button>
      </p>
    </form>
  );
}
