import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { ContactMessageInputSchema } from '@autobest/domain/contact';
import type { ContactMessageCreated } from '@autobest/domain/contact/contracts';
import { fieldErrorsOf } from '@autobest/domain/validation';
import { postJson } from '../api/client';
import { fieldMessagesOf, type ShownMessage } from '../api/domainMessages';
import { useSayFormMessage } from '../api/sayFormMessage';
import { useRateLimitedText } from '../api/rateLimited';
import { track } from '../analytics/analytics';
import { currentLanguage, useT } from '../i18n';
import { contactMessages } from './messages';
import { openTara } from '../assistant/taraStore';
import { DraftNotice } from '../offline/draft/DraftNotice';
import { newIdempotencyKey, restoredFields, textDraft } from '../offline/draft/draftFields';
import { useFormDraft } from '../offline/draft/useFormDraft';

type Field = 'firstName' | 'lastName' | 'email' | 'phone' | 'message';
type Values = Record<Field, string>;

const EMPTY: Values = { firstName: '', lastName: '', email: '', phone: '', message: '' };
const FIELD_ORDER: readonly Field[] = ['firstName', 'lastName', 'email', 'phone', 'message'];

const isField = (name: string): name is Field => (FIELD_ORDER as readonly string[]).includes(name);

/** The messages per field, for the fields this form shows; a message about any other is a general failure. */
function formFieldMessages(found: Partial<Record<string, ShownMessage>>): Partial<Record<Field, ShownMessage>> {
  const errors: Partial<Record<Field, ShownMessage>> = {};
  for (const [name, message] of Object.entries(found)) if (isField(name) && message) errors[name] = message;
  return errors;
}

/** The form's own check, with the same schema as the API. */
function fieldErrors(values: Values): Partial<Record<Field, ShownMessage>> {
  const parsed = ContactMessageInputSchema.safeParse(values);
  return parsed.success ? {} : formFieldMessages(fieldErrorsOf(parsed.error));
}

export function ContactPage() {
  const t = useT(contactMessages);
  const [values, setValues] = useState<Values>(EMPTY);
  // As the schema and the API give them (code, values, English); translated when shown.
  const [errors, setErrors] = useState<Partial<Record<Field, ShownMessage>>>({});
  const say = useSayFormMessage();
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  // Why sending failed, translated when shown: too many sends (with when to try again, if the API said), or null for
  // our own general message. No connection is no failure: the message waits (DraftNotice).
  const [failure, setFailure] = useState<{ retryAfterSeconds: number | undefined } | null>(null);
  const rateLimited = useRateLimitedText();
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  // One key per message as typed: sent again (back online, or "Try sending now") it is the same message; edited, a new one.
  const idempotencyKey = useRef(newIdempotencyKey());
  const sending = useRef(false);
  // Kept on the phone as it is typed; sent with no connection, it waits and goes once the connection returns.
  const draft = useFormDraft(
    'contact',
    {
      values,
      blank: FIELD_ORDER.every((field) => values[field] === ''),
      snapshot: () => textDraft(values, idempotencyKey.current),
      restore: (kept) => {
        setValues(restoredFields(EMPTY, kept.values));
        idempotencyKey.current = kept.idempotencyKey;
      },
    },
    () => void send(),
  );
  const contactMethods = [
    { title: t('callTitle'), detail: '+234 800 288 6237', note: t('callHours'), href: 'tel:+2348002886237', action: t('callAction') },
    { title: t('emailTitle'), detail: 'support@autobest.africa', note: t('emailNote'), href: 'mailto:support@autobest.africa', action: t('emailAction') },
    { title: t('chatTitle'), detail: t('chatDetail'), note: t('chatNote'), href: null, action: t('chatAction') },
  ];

  const focusFirstInvalid = (invalid: Partial<Record<Field, ShownMessage>>) => {
    const first = FIELD_ORDER.find((field) => invalid[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const field = event.target.name as Field;
    setValues((current) => ({ ...current, [field]: event.target.value }));
    idempotencyKey.current = newIdempotencyKey();
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    if (status === 'sent') setStatus('idle');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  async function send() {
    if (sending.current) return;
    const invalid = fieldErrors(values);
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) {
      focusFirstInvalid(invalid);
      return;
    }
    sending.current = true;
    setStatus('sending');
    // The language goes with the message, so the acknowledgement email is in the one the visitor reads the site in.
    const result = await postJson<ContactMessageCreated>('/api/contact-messages', { ...values, language: currentLanguage() }, { headers: { 'Idempotency-Key': idempotencyKey.current } }).finally(() => {
      sending.current = false;
    });
    // No connection: the message waits on the phone (the page says so) and goes once the connection returns.
    if (draft.waitsAfter(result)) {
      setStatus('idle');
      return;
    }
    if (result.ok) {
      track('user_interaction', { action: 'contact_form_submit' });
      setValues(EMPTY);
      idempotencyKey.current = newIdempotencyKey();
      setStatus('sent');
      return;
    }
    const serverErrors = formFieldMessages(fieldMessagesOf(result.error));
    if (Object.keys(serverErrors).length > 0) {
      setErrors(serverErrors);
      focusFirstInvalid(serverErrors);
      setStatus('idle');
      return;
    }
    setFailure(result.status === 429 ? { retryAfterSeconds: result.retryAfterSeconds } : null);
    setStatus('failed');
  }

  const input = (field: Field, label: string, type: string, autoComplete: string, multiline = false) => {
    const inputId = `${id}-${field}`;
    const errorId = `${inputId}-error`;
    const common = {
      id: inputId,
      name: field,
      value: values[field],
      onChange,
      'aria-invalid': errors[field] ? true : undefined,
      'aria-describedby': errors[field] ? errorId : undefined,
      autoComplete,
    };
    return (
      <div className={`field${multiline ? ' field-wide' : ''}`}>
        <label htmlFor={inputId}>{label}</label>
        {multiline ? <textarea rows={6} {...common} /> : <input type={type} {...common} />}
        {errors[field] ? (
          <p className="field-error" id={errorId}>
            {say(errors[field], { label })}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <section className="page contact">
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>

      <ul className="contact-methods">
        {contactMethods.map((method) => (
          <li key={method.title} className="card">
            <h2>{method.title}</h2>
            <p className="detail">
              {/* Isolated so a phone number keeps its leading plus in right-to-left text. */}
              <bdi>{method.detail}</bdi>
            </p>
            <p className="note">{method.note}</p>
            {method.href === null ? (
              // Live chat: Tara, with the form to reach a person offered first.
              <button type="button" className="button button-secondary" onClick={() => openTara({ entry: 'contact', handoffFirst: true })}>
                {method.action}
              </button>
            ) : (
              <a className="button button-secondary" href={method.href}>
                {method.action}
              </a>
            )}
          </li>
        ))}
      </ul>

      <h2 id={`${id}-heading`}>{t('formTitle')}</h2>
      {/* One live region that stays in the page, so screen readers announce the text when it appears. */}
      <p role="status" className={status === 'sent' ? 'notice notice-success' : 'visually-hidden'}>
        {status === 'sent' ? t('sent') : null}
      </p>
      {status === 'failed' ? (
        <p className="notice notice-error" role="alert">
          {failure === null ? t('failed') : rateLimited.text(failure.retryAfterSeconds)}
        </p>
      ) : null}
      <DraftNotice online={draft.online} waiting={draft.waiting} sending={status === 'sending'} onSendNow={() => void send()} photos={false} />
      <form ref={formRef} className="contact-form" aria-label={t('form')} noValidate onSubmit={onSubmit}>
        {input('firstName', t('firstName'), 'text', 'given-name')}
        {input('lastName', t('lastName'), 'text', 'family-name')}
        {input('email', t('email'), 'email', 'email')}
        {input('phone', t('phone'), 'tel', 'tel')}
        {input('message', t('message'), 'text', 'off', true)}
        <div className="field-wide">
          <button type="submit" className="button" disabled={status === 'sending'}>
            {status === 'sending' ? t('sending') : t('send')}
          </button>
        </div>
      </form>
    </section>
  );
}
