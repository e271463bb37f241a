import { Link } from 'wouter';
import { useState } from 'react';
import { SELL_CAR_FUEL_TYPES, SELL_CAR_PHOTO_SLOTS, SELL_CAR_TRANSMISSIONS, SellCarFieldsSchema, SubmissionMessages } from '@autobest/domain/submissions';
import { ConsentField, SelectField, TextField, YesNoField } from '../submissions/fields';
import { PhotoSlots, useRevokePreviewsOnLeave } from '../submissions/PhotoSlots';
import { ToastProvider, useToast } from '../submissions/Toast';
import { UploadProgress } from '../submissions/UploadProgress';
import { useSubmissionForm } from '../submissions/useSubmissionForm';
import type { SubmissionCreated } from '../submissions/uploadSubmission';
import { track } from '../analytics/analytics';

const FUEL_LABELS: Record<(typeof SELL_CAR_FUEL_TYPES)[number], string> = { petrol: 'Petrol', diesel: 'Diesel', hybrid: 'Hybrid', electric: 'Electric', lpg: 'LPG' };
const TRANSMISSION_LABELS: Record<(typeof SELL_CAR_TRANSMISSIONS)[number], string> = { automatic: 'Automatic', manual: 'Manual', cvt: 'CVT', semiAutomatic: 'Semi-Automatic' };

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

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const result = await form.submit();
    if (result.outcome === 'sent') {
      track('sell_car_form_submit', { make: values.make, year: values.year });
      form.reset();
      setCreated(result.created);
      toast({ kind: 'success', title: 'Your car selling request has been submitted successfully!', text: 'We will contact you shortly with next steps.' });
      window.scrollTo({ top: 0, behavior: 'smooth' });
    } else if (result.outcome === 'refused') {
      if (result.error === 'invalid_file_type') toast({ kind: 'error', title: 'Invalid file type', text: 'Please upload an image file (JPG, PNG, etc.)' });
      else if (result.error === 'file_too_large') toast({ kind: 'error', title: 'File too large', text: 'Please upload an image smaller than 5MB' });
      else toast({ kind: 'error', title: 'Error', text: 'There was a problem submitting your request. Please try again.' });
    }
  };

  return (
    <section className="page submission-page">
      <Link to="/" className="back-link">
        ← Back to Home
      </Link>
      <h1>Sell Your Car</h1>
      <p className="lead">Tell us about your car and add six photos. Our team will contact you within 24-48 hours with an offer.</p>
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

      <form className="submission-form" aria-label="Sell your car form" noValidate onSubmit={onSubmit}>
        <fieldset className="form-section">
          <legend>Personal Information</legend>
          <TextField {...field('fullName')} label="Full Name" autoComplete="name" />
          <TextField {...field('phoneNumber')} label="Phone Number" type="tel" autoComplete="tel" inputMode="tel" />
          <TextField {...field('email')} label="Email Address" type="email" autoComplete="email" inputMode="email" />
        </fieldset>

        <fieldset className="form-section">
          <legend>Vehicle Information</legend>
          <TextField {...field('make')} label="Make" />
          <TextField {...field('model')} label="Model" />
          <TextField {...field('year')} label="Year" inputMode="numeric" />
          <TextField {...field('odometer')} label="Odometer (km)" inputMode="numeric" />
          <TextField {...field('vin')} label="VIN (optional)" />
          <SelectField {...field('fuelType')} label="Fuel Type" placeholder="Select fuel type" options={SELL_CAR_FUEL_TYPES.map((value) => ({ value, label: FUEL_LABELS[value] }))} />
          <SelectField
            {...field('transmission')}
            label="Transmission"
            placeholder="Select transmission"
            options={SELL_CAR_TRANSMISSIONS.map((value) => ({ value, label: TRANSMISSION_LABELS[value] }))}
          />
          <TextField {...field('askingPrice')} label="Asking Price (₦)" inputMode="numeric" />
          <YesNoField {...field('underFinance')} legend="Is the vehicle under finance?" />
          <TextField {...field('knownIssues')} label="Known Issues (optional)" multiline />
        </fieldset>

        <fieldset className="form-section" id="photos-section" tabIndex={-1}>
          <legend>Photo Upload</legend>
          <p className="hint">Six photos, one per view: images only, up to 5 MB each.</p>
          <PhotoSlots slots={SELL_CAR_PHOTO_SLOTS} photos={form.photos} onChange={form.setPhoto} progress={form.progress?.slots ?? null} errors={errors} disabled={sending} onImageSelected={(slot) => track('image_upload', { type: slot, form: 'sell-car' })} />
          {errors['photos'] ? <p className="field-error">{errors['photos']}</p> : null}
        </fieldset>

        <ConsentField name="consent" checked={form.consent} error={errors['consent']} onChange={form.setConsent} disabled={sending}>
          I agree to the terms and conditions and to AutoBest Africa contacting me about this request.
        </ConsentField>

        <p className="hint">Our team will contact you within 24-48 hours with an offer.</p>
        {form.progress && sending ? <UploadProgress percent={form.progress.overall} /> : null}
        <button type="submit" className="button" disabled={sending}>
          {sending ? 'Submitting...' : 'Submit Request'}
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
