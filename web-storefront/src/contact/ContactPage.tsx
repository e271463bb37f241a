import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'wouter';
import { ContactMessageInputSchema } from '@autobest/domain/contact';
import { postJson } from '../api/client';

type Field = 'firstName' | 'lastName' | 'email' | 'phone' | 'message';
type Values = Record<Field, string>;

const EMPTY: Values = { firstName: '', lastName: '', email: '', phone: '', message: '' };
const FIELD_ORDER: readonly Field[] = ['firstName', 'lastName', 'email', 'phone', 'message'];
const SUCCESS = 'Thank you! Your message has been sent. Our team will get back to you within 24 hours.';
const FAILURE = "Sorry, we couldn't send your message. Please try again.";

const CONTACT_METHODS = [
  { title: 'Call us', detail: '+234 800 288 6237', note: 'Mon-Sat, 8AM-6PM (WAT)', href: 'tel:+2348002886237', action: 'Call now' },
  { title: 'Email us', detail: 'support@autobest.africa', note: 'We reply within 24 hours', href: 'mailto:support@autobest.africa', action: 'Send an email' },
  { title: 'Live chat', detail: 'Chat with Tara, our assistant', note: 'Answers any time, day or night', href: '/car-buyer-companion', action: 'Start chatting' },
] as const;

const isField = (name: string): name is Field => (FIELD_ORDER as readonly string[]).includes(name);

/** The server's per-field messages for fields this form shows; anything else is reported as a general failure. */
function knownFieldErrors(fields: Record<string, string> | undefined): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const [name, message] of Object.entries(fields ?? {})) if (isField(name)) errors[name] = message;
  return errors;
}

function fieldErrors(values: Values): Partial<Record<Field, string>> {
  const parsed = ContactMessageInputSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

export function ContactPage() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const [failure, setFailure] = useState(FAILURE);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();

  const focusFirstInvalid = (invalid: Partial<Record<Field, string>>) => {
    const first = FIELD_ORDER.find((field) => invalid[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const field = event.target.name as Field;
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    if (status === 'sent') setStatus('idle');
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (status === 'sending') return;
    const invalid = fieldErrors(values);
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) {
      focusFirstInvalid(invalid);
      return;
    }
    setStatus('sending');
    const result = await postJson<{ id: string }>('/api/contact-messages', values);
    if (result.ok) {
      setValues(EMPTY);
      setStatus('sent');
      return;
    }
    const serverErrors = knownFieldErrors(result.error.fields);
    if (Object.keys(serverErrors).length > 0) {
      setErrors(serverErrors);
      focusFirstInvalid(serverErrors);
      setStatus('idle');
      return;
    }
    setFailure(result.status === 0 ? result.error.message : FAILURE);
    setStatus('failed');
  };

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
            {errors[field]}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <section className="page contact">
      <h1>Contact Us</h1>
      <p className="lead">Questions about a car, a trade-in or a delivery? Reach us the way that suits you.</p>

      <ul className="contact-methods">
        {CONTACT_METHODS.map((method) => (
          <li key={method.title} className="card">
            <h2>{method.title}</h2>
            <p className="detail">{method.detail}</p>
            <p className="note">{method.note}</p>
            {method.href.startsWith('/') ? (
              <Link className="button button-secondary" to={method.href}>
                {method.action}
              </Link>
            ) : (
              <a className="button button-secondary" href={method.href}>
                {method.action}
              </a>
            )}
          </li>
        ))}
      </ul>

      <h2 id={`${id}-heading`}>Send us a message</h2>
      {/* One live region that stays in the page, so screen readers announce the text when it appears. */}
      <p role="status" className={status === 'sent' ? 'notice notice-success' : 'visually-hidden'}>
        {status === 'sent' ? SUCCESS : null}
      </p>
      {status === 'failed' ? (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      ) : null}
      <form ref={formRef} className="contact-form" aria-label="Contact form" noValidate onSubmit={onSubmit}>
        {input('firstName', 'First name', 'text', 'given-name')}
        {input('lastName', 'Last name', 'text', 'family-name')}
        {input('email', 'Email', 'email', 'email')}
        {input('phone', 'Phone', 'tel', 'tel')}
        {input('message', 'Message', 'text', 'off', true)}
        <div className="field-wide">
          <button type="submit" className="button" disabled={status === 'sending'}>
            {status === 'sending' ? 'Sending...' : 'Send Message'}
          </button>
        </div>
      </form>
    </section>
  );
}
