import { useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { postJson } from '../api/client';
import { sendFailureOf, SendFailureAlert, type SendFailure } from '../api/SendFailure';
import { useSayFormMessage } from '../api/sayFormMessage';
import { useFormat, useLanguage, useT } from '../i18n';
import type { VehicleDetail } from '@autobest/domain/inventory/contracts';
import type { ReservationCreated } from '@autobest/domain/inventory/reservationContracts';
import { RESERVATION_DEPOSIT_NGN } from '@autobest/domain/inventory/reservation';
import { VEHICLE_MEANING } from './api';
import { inventoryMessages } from './messages';
import { DraftNotice } from '../offline/draft/DraftNotice';
import { newIdempotencyKey, restoredFields, textDraft } from '../offline/draft/draftFields';
import { useFormDraft } from '../offline/draft/useFormDraft';

/** 'Reserve Now' on a vehicle's page: the buyer's name and phone, kept on the phone as typed, sent once. */
export function ReserveForm({ vehicle }: { vehicle: VehicleDetail }) {
  const t = useT(inventoryMessages);
  const { money } = useFormat();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  // Asked, never assumed: off until the buyer ticks it.
  const [whatsappUpdates, setWhatsappUpdates] = useState(false);
  // Sent with the request, so the acknowledgement email is in the language the buyer reads the site in.
  const language = useLanguage();
  // The amount staff set for this vehicle, else the spec's deposit.
  const quoted = vehicle.displayPricing;
  const reservation = quoted ? money(quoted.reservationAmount, quoted.currency as never) : money(RESERVATION_DEPOSIT_NGN, 'NGN');
  const say = useSayFormMessage();
  const [state, setState] = useState<
    | { phase: 'idle' | 'sending' | 'sent' }
    | ({ phase: 'failed' } & SendFailure)
  >({ phase: 'idle' });
  // One key per request as typed, kept in its draft: sent again once back online it is the same request.
  const idempotencyKey = useRef(newIdempotencyKey());
  const sending = useRef(false);
  const values = useMemo(() => ({ name, phone, email, whatsappUpdates: whatsappUpdates ? 'yes' : 'no' }), [name, phone, email, whatsappUpdates]);
  const edited = () => {
    idempotencyKey.current = newIdempotencyKey();
  };
  /** A text field's change: the new value, and a new key, since the request is another one now. */
  const typed = (set: (value: string) => void) => (event: ChangeEvent<HTMLInputElement>) => {
    set(event.target.value);
    edited();
  };
  // Kept on the phone as it is typed, per vehicle; sent with no connection, it waits and goes once the connection returns.
  const draft = useFormDraft(
    `reservation/${vehicle.id}`,
    {
      values,
      // Sent, nothing is kept: the thank-you shows the name and phone, the phone forgets them.
      blank: state.phase === 'sent' || (!name && !phone && !email && !whatsappUpdates),
      snapshot: () => textDraft(values, idempotencyKey.current),
      restore: (kept) => {
        const restored = restoredFields({ name: '', phone: '', email: '', whatsappUpdates: 'no' }, kept.values);
        setName(restored.name);
        setPhone(restored.phone);
        setEmail(restored.email);
        setWhatsappUpdates(restored.whatsappUpdates === 'yes');
        idempotencyKey.current = kept.idempotencyKey;
      },
    },
    () => void send(),
  );
  async function send() {
    if (sending.current) return;
    sending.current = true;
    setState({ phase: 'sending' });
    const result = await postJson<ReservationCreated>(
      `/api/vehicles/${encodeURIComponent(vehicle.id)}/reservations`,
      { name, phone, email, language, whatsappUpdates },
      { headers: { 'Idempotency-Key': idempotencyKey.current } },
    ).finally(() => {
      sending.current = false;
    });
    if (draft.waitsAfter(result)) {
      setState({ phase: 'idle' });
      return;
    }
    if (result.ok) {
      // Sent: nothing to keep (the thank-you names the buyer, so the fields stay on screen; the draft goes).
      setState({ phase: 'sent' });
    } else setState({ phase: 'failed', ...sendFailureOf(result, VEHICLE_MEANING) });
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  if (state.phase === 'sent') {
    return (
      <p className="notice notice-success" role="status">
        {t('reserved', { name, phone })}
      </p>
    );
  }
  const fields = state.phase === 'failed' ? state.fields : undefined;
  return (
    <form className="reserve-form" aria-label={t('reserveLabel')} onSubmit={onSubmit} noValidate>
      <DraftNotice online={draft.online} waiting={draft.waiting} sending={state.phase === 'sending'} onSendNow={() => void send()} photos={false} />
      <label className="field">
        <span>{t('yourName')}</span>
        <input value={name} onChange={typed(setName)} autoComplete="name" aria-invalid={fields?.['name'] ? true : undefined} />
        {fields?.['name'] ? <span className="field-error">{say(fields['name'])}</span> : null}
      </label>
      <label className="field">
        <span>{t('phone')}</span>
        <input value={phone} onChange={typed(setPhone)} type="tel" autoComplete="tel" aria-invalid={fields?.['phone'] ? true : undefined} />
        {fields?.['phone'] ? <span className="field-error">{say(fields['phone'])}</span> : null}
      </label>
      <label className="field">
        <span>{t('emailOptional')}</span>
        <input value={email} onChange={typed(setEmail)} type="email" autoComplete="email" aria-invalid={fields?.['email'] ? true : undefined} />
        {fields?.['email'] ? <span className="field-error">{say(fields['email'])}</span> : null}
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          name="whatsappUpdates"
          checked={whatsappUpdates}
          onChange={(event) => {
            setWhatsappUpdates(event.target.checked);
            edited();
          }}
        />
        <span>{t('whatsappUpdates')}</span>
      </label>
      {state.phase === 'failed' && !fields ? <SendFailureAlert failure={state} /> : null}
      <button type="submit" className="button" disabled={state.phase === 'sending'}>
        {state.phase === 'sending' ? t('sending') : t('reserveNow', { price: reservation })}
      </button>
    </form>
  );
}
