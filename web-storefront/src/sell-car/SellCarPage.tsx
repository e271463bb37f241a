import { useState } from 'react';
import { SELL_CAR_FUEL_TYPES, SELL_CAR_PHOTO_SLOTS, SELL_CAR_TRANSMISSIONS, SellCarFieldsSchema, SubmissionMessages } from '@autobest/domain/submissions';
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

const FUEL_LABELS = { petrol: 'fuelPetrol', diesel: 'fuelDiesel', hybrid: 'fuelHybrid', electric: 'fuelElectric', lpg: 'fuelLpg' } as const satisfies Record<(typeof SELL_CAR_FUEL_TYPES)[number], string>;
const TRANSMISSION_LABELS = { automatic: 'transmissionAutomatic', manual: 'transmissionManual', cvt: 'transmissionCvt', semiAutomatic: 'transmissionSemiAutomatic' } as const satisfies Record<(typeof SELL_CAR_TRANSMISSIONS)[number], string>;

const INITIAL = {
  fullName: '',
  phoneNumber: '',
  email: '',
  make: '',
  model: '',
  year: '',
  odometer: '',
  vin: '',
  fuelType: '',
  transmission: '',
  knownIssues: '',
  underFinance: 'no',
  askingPrice: '',
};
const ORDER = ['fullName', 'phoneNumber', 'email', 'make', 'model', 'year', 'odometer', 'vin', 'fuelType', 'transmission', 'knownIssues', 'underFinance', 'askingPrice', 'consent'];

function SellCarForm() {
  const t = useT(submissionMessages);
  const toast = useToast();
  const form = useSubmissionForm({
    url: '/api/sell-car-submissions',
    initial: INITIAL,
    slots: SELL_CAR_PHOTO_SLOTS,
    schema: SellCarFieldsSchema,
    missingPhotosMessage: () => SubmissionMessages.sellPhotosRequired,
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
    if (result.outcome === 'sent') {
      track('sell_car_form_submit', { make: values.make, year: values.year });
      form.reset();
      setCreated(result.created);
      toast({ kind: 'success', title: t('sellSent'), text: t('sellSentText') });
      window.scrollTo({ top: 0, behavior: 'smooth' });
    } else if (result.outcome === 'refused') {
      if (result.error === 'invalid_file_type') toast({ kind: 'error', title: domain(SubmissionMessages.invalidFileTitle), text: domain(SubmissionMessages.invalidFileText) });
      else if (result.error === 'file_too_large') toast({ kind: 'error', title: domain(SubmissionMessages.fileTooLargeTitle), text: domain(SubmissionMessages.fileTooLargeText) });
      else toast({ kind: 'error', title: t('sellFailedTitle'), text: t('sellFailed') });
    }
  };

  return (
    <section className="page submission-page">
      <BackLink to="/">
        {t('backHome')}
      </BackLink>
      <h1>{t('sellTitle')}</h1>
      <p className="lead">{t('sellLead')}</p>
      {created ? <CreatedNotice created={created} /> : null}

      <form className="submission-form" aria-label={t('sellForm')} noValidate onSubmit={onSubmit}>
        <fieldset className="form-section">
          <legend>{t('sellPersonal')}</legend>
          <TextField {...field('fullName')} label={t('fullName')} autoComplete="name" />
          <TextField {...field('phoneNumber')} label={t('phoneNumber')} type="tel" autoComplete="tel" inputMode="tel" />
          <TextField {...field('email')} label={t('emailAddress')} type="email" autoComplete="email" inputMode="email" />
        </fieldset>

        <fieldset className="form-section">
          <legend>{t('sellVehicle')}</legend>
          <TextField {...field('make')} label={t('make')} />
          <TextField {...field('model')} label={t('model')} />
          <TextField {...field('year')} label={t('year')} inputMode="numeric" />
          <TextField {...field('odometer')} label={t('odometer')} inputMode="numeric" />
          <TextField {...field('vin')} label={t('vin')} />
          <SelectField
            {...field('fuelType')}
            label={t('fuelType')}
            placeholder={t('selectFuelType')}
            options={SELL_CAR_FUEL_TYPES.map((value) => ({ value, label: t(FUEL_LABELS[value]) }))}
          />
          <SelectField
            {...field('transmission')}
            label={t('transmission')}
            placeholder={t('selectTransmission')}
            options={SELL_CAR_TRANSMISSIONS.map((value) => ({ value, label: t(TRANSMISSION_LABELS[value]) }))}
          />
          <TextField {...field('askingPrice')} label={t('sellAskingPrice')} inputMode="numeric" />
          <YesNoField {...field('underFinance')} legend={t('underFinance')} />
          <TextField {...field('knownIssues')} label={t('knownIssues')} multiline />
        </fieldset>

        <fieldset className="form-section" id="photos-section" tabIndex={-1}>
          <legend>{t('sellPhotos')}</legend>
          <p className="hint">{t('sellPhotosHint')}</p>
          <PhotoSlots slots={SELL_CAR_PHOTO_SLOTS} photos={form.photos} onChange={form.setPhoto} progress={form.progress?.slots ?? null} errors={errors} disabled={sending} onImageSelected={(slot) => track('image_upload', { type: slot, form: 'sell-car' })} />
          {errors['photos'] ? <p className="field-error">{errors['photos']}</p> : null}
        </fieldset>

        <ConsentField name="consent" checked={form.consent} error={errors['consent']} onChange={form.setConsent} disabled={sending}>
          {t('sellConsent')}
        </ConsentField>

        <p className="hint">{t('sellOfferHint')}</p>
        {form.progress && sending ? <UploadProgress percent={form.progress.overall} /> : null}
        <button type="submit" className="button" disabled={sending}>
          {sending ? t('submitting') : t('sellSubmit')}
        </button>
      </form>
    </section>
  );
}

export function SellCarPage() {
  return (
    <ToastProvider>
      <SellCarForm />
    </ToastProvider>
  );
}
