import { useState } from 'react';
import type { SubmissionKind } from '@autobest/domain/submissions';
import { useRateLimitedText } from '../api/rateLimited';
import { useT } from '../i18n';
import { track } from '../analytics/analytics';
import { PageHeader } from '../ui/PageHeader';
import { CreatedNotice } from './CreatedNotice';
import { ConsentField, SelectField, TextField, YesNoField } from './fields';
import { SUBMISSION_KINDS, vehicleInitialValues, type SubmissionKindForm, type VehicleField } from './kinds';
import { formMessages } from '../api/formMessages';
import { submissionMessages } from './messages';
import { PhotoSlots, useRevokePreviewsOnLeave } from './PhotoSlots';
import { ToastProvider, useToast } from './Toast';
import { UploadProgress } from './UploadProgress';
import { useSubmissionForm } from './useSubmissionForm';
import type { SubmissionCreated } from '@autobest/domain/submissions/contracts';
import { DraftNotice } from '../offline/draft/DraftNotice';
import { useFormDraft } from '../offline/draft/useFormDraft';

const PERSONAL_FIELDS = ['fullName', 'phoneNumber', 'email'] as const;

const initialValues = (form: SubmissionKindForm): Record<string, string> => ({
  ...Object.fromEntries(PERSONAL_FIELDS.map((name) => [name, ''])),
  // Asked, never assumed: updates on WhatsApp only when the owner ticks the box.
  whatsappUpdates: 'no',
  ...vehicleInitialValues(form),
});

function SubmissionForm({ kind }: { kind: SubmissionKindForm }) {
  const t = useT(submissionMessages);
  const toast = useToast();
  const rateLimited = useRateLimitedText();
  const [initial] = useState(() => initialValues(kind));
  const form = useSubmissionForm({
    url: `/api/${kind.resource}`,
    initial,
    slots: kind.slots,
    schema: kind.schema,
    missingPhotosMessage: kind.missingPhotosMessage,
    order: [...PERSONAL_FIELDS, ...kind.vehicleFields.map((field) => field.name), 'consent'],
  });
  const [created, setCreated] = useState<SubmissionCreated | null>(null);
  useRevokePreviewsOnLeave(form.photos);
  const { values, errors, sending, photos } = form;
  const { texts } = kind;
  const field = (name: string) => ({ name, value: values[name] ?? '', error: errors[name], onChange: form.setValue, disabled: sending });
  const tForm = useT(formMessages);

  // Kept on the phone as it is filled in; submitted with no connection, sent once the connection returns.
  const blank = !form.consent && !Object.values(photos).some(Boolean) && Object.entries(initial).every(([name, value]) => values[name] === value);
  const draft = useFormDraft(kind.kind, { values, consent: form.consent, photos, blank, ready: form.photosReady, snapshot: form.snapshot, restore: form.restore }, () => void send());

  async function send() {
    const result = await form.submit();
    if (result.outcome === 'busy') return;
    if (draft.waitsAfter(result.outcome === 'refused' ? { ok: false, status: result.status } : { ok: true })) {
      window.scrollTo({ top: 0, behavior: 'smooth' });
      return;
    }
    if (result.outcome === 'invalid') {
      if (texts.invalid) toast({ kind: 'error', title: t(texts.invalid.title), text: t(texts.invalid.text) });
    } else if (result.outcome === 'sent') {
      track(kind.sentEvent, kind.sentEventProperties(values, Object.values(photos).filter(Boolean).length));
      form.reset();
      setCreated(result.created);
      toast({ kind: 'success', title: t(texts.sent), text: t(texts.sentText) });
      window.scrollTo({ top: 0, behavior: 'smooth' });
    } else if (result.outcome === 'refused') {
      if (result.status === 429) toast({ kind: 'error', title: rateLimited.title, text: rateLimited.text(result.retryAfterSeconds) });
      else if (result.error === 'invalid_file_type') toast({ kind: 'error', title: tForm('invalidFileTitle'), text: tForm('invalidFileText') });
      else if (result.error === 'file_too_large') toast({ kind: 'error', title: tForm('fileTooLargeTitle'), text: tForm('fileTooLargeText') });
      else toast({ kind: 'error', title: t(texts.failedTitle), text: t(texts.failed) });
    }
  }

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    void send();
  };

  const vehicleField = (spec: VehicleField) => {
    switch (spec.control) {
      case 'text':
        return <TextField key={spec.name} {...field(spec.name)} label={t(spec.label)} inputMode={spec.numeric ? 'numeric' : undefined} />;
      case 'multiline':
        return <TextField key={spec.name} {...field(spec.name)} label={t(spec.label)} multiline />;
      case 'select':
        return (
          <SelectField
            key={spec.name}
            {...field(spec.name)}
            label={t(spec.label)}
            placeholder={t(spec.placeholder)}
            options={spec.options.map((option) => ({ value: option.value, label: option.message ? t(option.message) : option.value }))}
          />
        );
      case 'yesNo':
        return <YesNoField key={spec.name} {...field(spec.name)} legend={t(spec.label)} />;
    }
  };

  const consent = (
    <ConsentField name="consent" checked={form.consent} error={errors['consent']} onChange={form.setConsent} disabled={sending}>
      {t(texts.consent)}
    </ConsentField>
  );

  return (
    <section className="page submission-page">
      <PageHeader back="/" backLabel={t('backHome')} title={t(texts.title)} lead={t(texts.lead)} />
      {created ? <CreatedNotice created={created} /> : null}
      <DraftNotice online={draft.online} waiting={draft.waiting} sending={sending} onSendNow={() => void send()} />

      <form className="submission-form" aria-label={t(texts.form)} noValidate onSubmit={onSubmit}>
        <fieldset className="form-section">
          <legend>{t(texts.personal)}</legend>
          <TextField {...field('fullName')} label={t('fullName')} autoComplete="name" />
          <TextField {...field('phoneNumber')} label={t('phoneNumber')} type="tel" autoComplete="tel" inputMode="tel" />
          <TextField {...field('email')} label={t('emailAddress')} type="email" autoComplete="email" inputMode="email" />
          <ConsentField name="whatsappUpdates" checked={values['whatsappUpdates'] === 'yes'} error={errors['whatsappUpdates']} onChange={(checked) => form.setValue('whatsappUpdates', checked ? 'yes' : 'no')} disabled={sending}>
            {t('whatsappUpdates')}
          </ConsentField>
        </fieldset>

        <fieldset className="form-section">
          <legend>{t(texts.vehicle)}</legend>
          {kind.vehicleFields.map(vehicleField)}
        </fieldset>

        <fieldset className="form-section" id="photos-section" tabIndex={-1}>
          <legend>{t(texts.photos)}</legend>
          <p className="hint">{t(texts.photosHint)}</p>
          <PhotoSlots slots={kind.slots} photos={photos} onChange={form.setPhoto} uploads={form.uploads} onRetry={form.retryPhoto} errors={errors} disabled={sending} onImageSelected={(slot) => track('image_upload', { type: slot, form: kind.kind })} />
          {errors['photos'] ? <p className="field-error">{errors['photos']}</p> : null}
        </fieldset>

        {texts.consentLegend ? (
          <fieldset className="form-section">
            <legend>{t(texts.consentLegend)}</legend>
            {consent}
          </fieldset>
        ) : (
          consent
        )}

        <p className="hint">{t(texts.hint)}</p>
        {form.progress && sending ? <UploadProgress percent={form.progress.overall} /> : null}
        <button type="submit" className="button" disabled={sending}>
          {sending ? t('submitting') : t(texts.submit)}
        </button>
      </form>
    </section>
  );
}

/** The owner's request form, as `kinds.ts` describes it for `kind`. */
export function SubmissionPage({ kind }: { kind: SubmissionKind }) {
  return (
    <ToastProvider>
      <SubmissionForm kind={SUBMISSION_KINDS[kind]} />
    </ToastProvider>
  );
}

export const SellCarPage = () => <SubmissionPage kind="sell-car" />;
export const TradeInPage = () => <SubmissionPage kind="trade-in" />;
