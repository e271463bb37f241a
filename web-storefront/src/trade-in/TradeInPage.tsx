import { useMemo, useState } from 'react';
import {
  SubmissionMessages,
  TRADE_IN_FUEL_TYPES,
  TRADE_IN_MAKES,
  TRADE_IN_PHOTO_SLOTS,
  TRADE_IN_TRANSMISSIONS,
  TradeInFieldsSchema,
  tradeInYears,
} from '@autobest/domain/submissions';
import { useT } from '../i18n';
import { CreatedNotice } from '../submissions/CreatedNotice';
import { ConsentField, SelectField, TextField, YesNoField } from '../submissions/fields';
import { submissionMessages } from '../submissions/messages';
import { PhotoSlots, useRevokePreviewsOnLeave } from '../submissions/PhotoSlots';
import { ToastProvider, useToast } from '../submissions/Toast';
import { translateDomainText } from '../submissions/translateDomainText';
import { UploadProgress } from '../submissions/UploadProgress';
import { useSubmissionForm } from '../submissions/useSubmissionForm';
import type { SubmissionCreated } from '../submissions/uploadSubmission';
import { track } from '../analytics/analytics';
import { BackLink } from '../ui/BackLink';

const FUEL_LABELS = { petrol: 'fuelPetrol', diesel: 'fuelDiesel', hybrid: 'fuelHybrid', ev: 'fuelEv' } as const satisfies Record<(typeof TRADE_IN_FUEL_TYPES)[number], string>;
const TRANSMISSION_LABELS = { automatic: 'transmissionAutomatic', manual: 'transmissionManual' } as const satisfies Record<(typeof TRADE_IN_TRANSMISSIONS)[number], string>;

const INITIAL = {
  fullName: '',
  phoneNumber: '',
  email: '',
  vehicleMake: '',
  model: '',
  year: '',
  odometer: '',
  fuelType: '',
  transmission: '',
  vin: '',
  knownIssues: '',
  underFinance: 'no',
  askingPrice: '',
};
const ORDER = ['fullName', 'phoneNumber', 'email', 'vehicleMake', 'model', 'year', 'odometer', 'fuelType', 'transmission', 'vin', 'knownIssues', 'underFinance', 'askingPrice', 'consent'];

function TradeInForm() {
  const t = useT(submissionMessages);
  const toast = useToast();
  const years = useMemo(() => tradeInYears().map((year) => ({ value: String(year), label: String(year) })), []);
  const form = useSubmissionForm({
    url: '/api/trade-in-submissions',
    initial: INITIAL,
    slots: TRADE_IN_PHOTO_SLOTS,
    schema: TradeInFieldsSchema,
    missingPhotosMessage: (labels) => SubmissionMessages.tradeInPhotosRequired(labels),
    order: ORDER,
  });
  const [created, setCreated] = useState<SubmissionCreated | null>(null);
  useRevokePreviewsOnLeave(form.photos);
  const { values, errors, sending } = form;
  const field = (name: keyof typeof INITIAL) => ({ name, value: values[name], error: errors[name], onChange: form.setValue, disabled: sending });
  const domain = (text: string) => translateDomainText(t, text);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const result = await form.submit();
    if (result.outcome === 'invalid') {
      toast({ kind: 'error', title: t('tradeInInvalidTitle'), text: t('tradeInInvalid') });
    } else if (result.outcome === 'sent') {
      track('trade_in_form_submit', { vehicleMake: values.vehicleMake, year: values.year, imagesCount: Object.values(form.photos).filter(Boolean).length });
      form.reset();
      setCreated(result.created);
      toast({ kind: 'success', title: t('tradeInSent'), text: t('tradeInSentText') });
      window.scrollTo({ top: 0, behavior: 'smooth' });
    } else if (result.outcome === 'refused') {
      if (result.error === 'invalid_file_type') toast({ kind: 'error', title: domain(SubmissionMessages.invalidFileTitle), text: domain(SubmissionMessages.invalidFileText) });
      else if (result.error === 'file_too_large') toast({ kind: 'error', title: domain(SubmissionMessages.fileTooLargeTitle), text: domain(SubmissionMessages.fileTooLargeText) });
      else toast({ kind: 'error', title: t('tradeInFailedTitle'), text: t('tradeInFailed') });
    }
  };

  return (
    <section className="page submission-page">
      <BackLink to="/">
        {t('backHome')}
      </BackLink>
      <h1>{t('tradeInTitle')}</h1>
      <p className="lead">{t('tradeInLead')}</p>
      {created ? <CreatedNotice created={created} /> : null}

      <form className="submission-form" aria-label={t('tradeInForm')} noValidate onSubmit={onSubmit}>
        <fieldset className="form-section">
          <legend>{t('tradeInPersonal')}</legend>
          <TextField {...field('fullName')} label={t('fullName')} autoComplete="name" />
          <TextField {...field('phoneNumber')} label={t('phoneNumber')} type="tel" autoComplete="tel" inputMode="tel" />
          <TextField {...field('email')} label={t('emailAddress')} type="email" autoComplete="email" inputMode="email" />
        </fieldset>

        <fieldset className="form-section">
          <legend>{t('tradeInVehicle')}</legend>
          <SelectField
            {...field('vehicleMake')}
            label={t('vehicleMake')}
            placeholder={t('selectMake')}
            options={TRADE_IN_MAKES.map((make) => ({ value: make, label: make === 'Other' ? t('makeOther') : make }))}
          />
          <TextField {...field('model')} label={t('model')} />
          <SelectField {...field('year')} label={t('year')} placeholder={t('selectYear')} options={years} />
          <TextField {...field('odometer')} label={t('odometer')} inputMode="numeric" />
          <SelectField
            {...field('fuelType')}
            label={t('fuelType')}
            placeholder={t('selectFuelType')}
            options={TRADE_IN_FUEL_TYPES.map((value) => ({ value, label: t(FUEL_LABELS[value]) }))}
          />
          <SelectField
            {...field('transmission')}
            label={t('transmission')}
            placeholder={t('selectTransmission')}
            options={TRADE_IN_TRANSMISSIONS.map((value) => ({ value, label: t(TRANSMISSION_LABELS[value]) }))}
          />
          <TextField {...field('vin')} label={t('vin')} />
          <TextField {...field('askingPrice')} label={t('tradeInAskingPrice')} inputMode="numeric" />
          <YesNoField {...field('underFinance')} legend={t('underFinance')} />
          <TextField {...field('knownIssues')} label={t('knownIssues')} multiline />
        </fieldset>

        <fieldset className="form-section" id="photos-section" tabIndex={-1}>
          <legend>{t('tradeInPhotos')}</legend>
          <p className="hint">{t('tradeInPhotosHint')}</p>
          <PhotoSlots slots={TRADE_IN_PHOTO_SLOTS} photos={form.photos} onChange={form.setPhoto} progress={form.progress?.slots ?? null} errors={errors} disabled={sending} onImageSelected={(slot) => track('image_upload', { type: slot, form: 'trade-in' })} />
          {errors['photos'] ? <p className="field-error">{errors['photos']}</p> : null}
        </fieldset>

        <fieldset className="form-section">
          <legend>{t('tradeInConsentLegend')}</legend>
          <ConsentField name="consent" checked={form.consent} error={errors['consent']} onChange={form.setConsent} disabled={sending}>
            {t('tradeInConsent')}
          </ConsentField>
        </fieldset>

        <p className="hint">{t('tradeInValueHint')}</p>
        {form.progress && sending ? <UploadProgress percent={form.progress.overall} /> : null}
        <button type="submit" className="button" disabled={sending}>
          {sending ? t('submitting') : t('tradeInSubmit')}
        </button>
      </form>
    </section>
  );
}

export function TradeInPage() {
  return (
    <ToastProvider>
      <TradeInForm />
    </ToastProvider>
  );
}
