import { useId, useRef, useState, type FormEvent } from 'react';
import { EnquiryInputSchema, type PublicEnquiryKind } from '@autobest/domain/enquiries';
import { fieldErrorsOf } from '@autobest/domain/validation';
import type { ShownMessage } from '../api/domainMessages';
import { useSayFormMessage } from '../api/sayFormMessage';
import { track } from '../analytics/analytics';
import { useRateLimitedText } from '../api/rateLimited';
import { useT } from '../i18n';
import { Dialog } from '../ui/Dialog';
import { sendEnquiry } from './api';
import { enquiryMessages } from './messages';
import { DraftNotice } from '../offline/draft/DraftNotice';
import { newIdempotencyKey, restoredFields, textDraft } from '../offline/draft/draftFields';
import { useFormDraft } from '../offline/draft/useFormDraft';
import './enquiry.css';

type Field = 'fullName' | 'phone' | 'email' | 'message' | 'preferredDate';
const FIELD_ORDER: readonly Field[] = ['fullName', 'phone', 'email', 'preferredDate', 'message'];
const EMPTY: Record<Field, string> = { fullName: '', phone: '', email: '', message: '', preferredDate: '' };

/** The messages for the fields this dialog shows; one about another field leaves the general failure message. */
function formFieldMessages(found: Partial<Record<string, ShownMessage>>): Partial<Record<Field, ShownMessage>> {
  const invalid: Partial<Record<Field, ShownMessage>> = {};
  for (const [field, message] of Object.entries(found)) if (message && (FIELD_ORDER as readonly string[]).includes(field)) invalid[field as Field] = message;
  return invalid;
}

export interface EnquiryDialogProps {
  open: boolean;
  onClose(): void;
  kind: PublicEnquiryKind;
  /** What the enquiry is about, as staff will read it: 'Toyota Corolla rental', 'Comprehensive plan'. */
  subject: string;
  /**
   * What the enquiry is about in words no language changes (a vehicle's id, a plan's or a service's): its draft on the
   * phone is kept under it, so it is found again whatever language the dialog is opened in.
   */
  about: string;
  title: string;
  details?: Record<string, string | number>;
  askDate?: boolean;
  /** The spec's analytics event for this button. */
  /** Recorded as a user_interaction action once the enquiry is sent. */
  analyticsAction: string;
}

/**
 * The enquiry form behind 'Get This Deal', 'Contact Our Team', 'Book Service Now' and 'Get Quote': checked in the
 * browser with the API's own schema, sent once however often it is retried, and nothing typed is lost on failure.
 */
export default function EnquiryDialog({ open, onClose, kind, subject, about, title, details, askDate = false, analyticsAction }: EnquiryDialogProps) {
  const t = useT(enquiryMessages);
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<Field, string>>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, ShownMessage>>>({});
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  // Set when the last send was refused as one too many: undefined seconds when the API did not say when.
  const [rateLimitedFor, setRateLimitedFor] = useState<{ seconds: number | undefined } | null>(null);
  const rateLimited = useRateLimitedText();
  // One key per filled-in form: a retry after a dropped connection cannot record the enquiry twice. An edit
  // takes a new key, since the API refuses a key sent again with another enquiry.
  const idempotencyKey = useRef(newIdempotencyKey());

  const sending = useRef(false);
  // Kept on the phone as it is typed, per button (kind and what it is about); sent with no connection, it waits and goes
  // once the connection returns while this dialog is open, or when it is opened again.
  const draft = useFormDraft(
    `enquiry/${kind}/${about}`,
    {
      values,
      // Sent, nothing is kept: the thank-you stays until the dialog is closed.
      blank: status === 'sent' || FIELD_ORDER.every((field) => values[field] === ''),
      snapshot: () => textDraft(values, idempotencyKey.current),
      restore: (kept) => {
        setValues(restoredFields(EMPTY, kept.values));
        idempotencyKey.current = kept.idempotencyKey;
      },
    },
    () => void send(),
  );

  const say = useSayFormMessage();
  const focusFirst = (invalid: Partial<Record<Field, ShownMessage>>) => {
    const first = FIELD_ORDER.find((field) => invalid[field]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  async function send() {
    if (sending.current) return;
    const input = {
      kind,
      subject,
      fullName: values.fullName,
      phone: values.phone,
      email: values.email,
      ...(values.message.trim() ? { message: values.message } : {}),
      ...(askDate && values.preferredDate ? { preferredDate: values.preferredDate } : {}),
      ...(details ? { details } : {}),
      sourcePath: window.location.pathname,
    };
    const parsed = EnquiryInputSchema.safeParse(input);
    if (!parsed.success) {
      const invalid = formFieldMessages(fieldErrorsOf(parsed.error));
      setErrors(invalid);
      focusFirst(invalid);
      return;
    }
    sending.current = true;
    setStatus('sending');
    setRateLimitedFor(null);
    const result = await sendEnquiry(input, idempotencyKey.current).finally(() => {
      sending.current = false;
    });
    if (draft.waitsAfter(result)) {
      setStatus('idle');
      return;
    }
    if (result.ok) {
      setStatus('sent');
      track('user_interaction', { action: analyticsAction, kind, subject });
      idempotencyKey.current = newIdempotencyKey();
      return;
    }
    const invalid = formFieldMessages(result.fields ?? {});
    setErrors(invalid);
    focusFirst(invalid);
    if (result.status === 429) setRateLimitedFor({ seconds: result.retryAfterSeconds });
    setStatus('failed');
  }

  const input = (field: Field, label: string, type: string, autoComplete?: string) => {
    const error = errors[field];
    const Control = field === 'message' ? 'textarea' : 'input';
    return (
      <div className="enquiry-field">
        <label htmlFor={`${id}-${field}`}>{label}</label>
        <Control
          id={`${id}-${field}`}
          name={field}
          {...(Control === 'input' ? { type } : { rows: 3 })}
          autoComplete={autoComplete}
          value={values[field]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${field}-error` : undefined}
          onChange={(event) => {
            const value = event.target.value;
            setValues((current) => ({ ...current, [field]: value }));
            idempotencyKey.current = newIdempotencyKey();
            if (error) setErrors((current) => ({ ...current, [field]: undefined }));
          }}
        />
        {error ? (
          <p id={`${id}-${field}-error`} className="field-error">
            {say(error, { label })}
          </p>
        ) : null}
      </div>
    );
  };

  const close = () => {
    onClose();
    if (status === 'sent') {
      setValues(EMPTY);
      setStatus('idle');
    }
  };

  return (
    <Dialog open={open} onClose={close} title={title} closeLabel={t('close')}>
      {status === 'sent' ? (
        <>
          <p className="notice notice-success" role="status">
            {t('sent', { subject })}
          </p>
          <button type="button" className="button" onClick={close}>
            {t('close')}
          </button>
        </>
      ) : (
        <form ref={form} className="enquiry-form" onSubmit={submit} noValidate aria-label={title}>
          <p className="hint">{t('intro')}</p>
          <DraftNotice online={draft.online} waiting={draft.waiting} sending={status === 'sending'} onSendNow={() => void send()} photos={false} />
          {input('fullName', t('fullName'), 'text', 'name')}
          {input('phone', t('phone'), 'tel', 'tel')}
          {input('email', t('email'), 'email', 'email')}
          {askDate ? input('preferredDate', t('preferredDate'), 'date') : null}
          {input('message', t('message'), 'text')}
          {status === 'failed' ? (
            <p className="notice notice-error" role="alert">
              {rateLimitedFor ? rateLimited.text(rateLimitedFor.seconds) : Object.keys(errors).length > 0 ? t('fieldsInvalid') : t('failed')}
            </p>
          ) : null}
          <button type="submit" className="button" disabled={status === 'sending'}>
            {status === 'sending' ? t('sending') : t('send')}
          </button>
        </form>
      )}
    </Dialog>
  );
}
