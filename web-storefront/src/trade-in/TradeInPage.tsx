import { Link } from 'wouter';
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
import { ConsentField, SelectField, TextField, YesNoField } from '../submissions/fields';
import { PhotoSlots, useRevokePreviewsOnLeave } from '../submissions/PhotoSlots';
import { ToastProvider, useToast } from '../submissions/Toast';
import { UploadProgress } from '../submissions/UploadProgress';
import { useSubmissionForm } from '../submissions/useSubmissionForm';
import type { SubmissionCreated } from '../submissions/uploadSubmission';
import { track } from '../analytics/analytics';

const FUEL_LABELS: Record<(typeof TRADE_IN_FUEL_TYPES)[number], string> = { petrol: 'Petrol', diesel: 'Diesel', hybrid: 'Hybrid', ev: 'Electric (EV)' };
const TRANSMISSION_LABELS: Record<(typeof TRADE_IN_TRANSMISSIONS)[number], string> = { automatic: 'Automatic', manual: 'Manual' };

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

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const result = await form.submit();
    if (result.outcome === 'invalid') {
      toast({ kind: 'error', title: 'Validation Error', text: 'Please fix the errors below and try again.' });
    } else if (result.outcome === 'sent') {
      track('trade_in_form_submit', { vehicleMake: values.vehicleMake, year: values.year, imagesCount: Object.values(form.photos).filter(Boolean).length });
      form.reset();
      setCreated(result.created);
      toast({ kind: 'success', title: 'Trade-in Request Submitted!', text: "You'll receive an estimated trade-in value within 24-48 hours." });
      window.scrollTo({ top: 0, behavior: 'smooth' });
    } else if (result.outcome === 'refused') {
      if (result.error === 'invalid_file_type') toast({ kind: 'error', title: 'Invalid file type', text: 'Please upload an image file (JPG, PNG, etc.)' });
      else if (result.error === 'file_too_large') toast({ kind: 'error', title: 'File too large', text: 'Please upload an image smaller than 5MB' });
      else toast({ kind: 'error', title: 'Submission Failed', text: 'There was an error submitting your request. Please try again.' });
    }
  };

  return (
    <section className="page submission-page">
      <Link to="/" className="back-link">
        ← Back to Home
      </Link>
      <h1>Trade In Your Vehicle</h1>
      <p className="lead">Get an estimated trade-in value within 24-48 hours, subject to physical inspection.</p>
      {created ? (
        <div className="notice notice-success">
          <p>
            Your reference is <strong>{created.id}</strong>. We have emailed you a link to follow your request.
          </p>
          <p>
            <Link to={created.statusUrl}>Follow your request</Link>
          </p>
        </div>
      ) : null}

      <form className="submission-form" aria-label="Trade-in form" noValidate onSubmit={onSubmit}>
        <fieldset className="form-section">
          <legend>1. Personal Information</legend>
          <TextField {...field('fullName')} label="Full Name" autoComplete="name" />
          <TextField {...field('phoneNumber')} label="Phone Number" type="tel" autoComplete="tel" inputMode="tel" />
          <TextField {...field('email')} label="Email Address" type="email" autoComplete="email" inputMode="email" />
        </fieldset>

        <fieldset className="form-section">
          <legend>2. Vehicle Information</legend>
          <SelectField {...field('vehicleMake')} label="Vehicle Make" placeholder="Select make" options={TRADE_IN_MAKES.map((make) => ({ value: make, label: make }))} />
          <TextField {...field('model')} label="Model" />
          <SelectField {...field('year')} label="Year" placeholder="Select year" options={years} />
          <TextField {...field('odometer')} label="Odometer (km)" inputMode="numeric" />
          <SelectField {...field('fuelType')} label="Fuel Type" placeholder="Select fuel type" options={TRADE_IN_FUEL_TYPES.map((value) => ({ value, label: FUEL_LABELS[value] }))} />
          <SelectField
            {...field('transmission')}
            label="Transmission"
            placeholder="Select transmission"
            options={TRADE_IN_TRANSMISSIONS.map((value) => ({ value, label: TRANSMISSION_LABELS[value] }))}
          />
          <TextField {...field('vin')} label="VIN (optional)" />
          <TextField {...field('askingPrice')} label="Asking Price (₦, optional)" inputMode="numeric" />
          <YesNoField {...field('underFinance')} legend="Is the vehicle under finance?" />
          <TextField {...field('knownIssues')} label="Known Issues (optional)" multiline />
        </fieldset>

        <fieldset className="form-section" id="photos-section" tabIndex={-1}>
          <legend>3. Vehicle Photos</legend>
          <p className="hint">Six photos: front, rear, both sides, interior, and the dashboard with the odometer visible. Images only, up to 5 MB each.</p>
          <PhotoSlots slots={TRADE_IN_PHOTO_SLOTS} photos={form.photos} onChange={form.setPhoto} progress={form.progress?.slots ?? null} errors={errors} disabled={sending} onImageSelected={(slot) => track('image_upload', { type: slot, form: 'trade-in' })} />
          {errors['photos'] ? <p className="field-error">{errors['photos']}</p> : null}
        </fieldset>

        <fieldset className="form-section">
          <legend>4. Consent</legend>
          <ConsentField name="consent" checked={form.consent} error={errors['consent']} onChange={form.setConsent} disabled={sending}>
            I consent to AutoBest Africa using the information and photos above to value my vehicle and contact me.
          </ConsentField>
        </fieldset>

        <p className="hint">You&apos;ll receive an estimated trade-in value within 24-48 hours, subject to physical inspection.</p>
        {form.progress && sending ? <UploadProgress percent={form.progress.overall} /> : null}
        <button type="submit" className="button" disabled={sending}>
          {sending ? 'Submitting...' : 'Submit Trade-In Request'}
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
