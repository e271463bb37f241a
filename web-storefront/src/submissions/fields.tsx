import type { ReactNode } from 'react';
import { useT } from '../i18n';
import { submissionMessages } from './messages';

interface FieldProps {
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  onChange(name: string, value: string): void;
  disabled?: boolean;
}

const describedBy = (name: string, error?: string) => (error ? `${name}-error` : undefined);

/** What every control of these forms carries: its name as its id, and its error, when it has one, as what describes it. */
const controlProps = (name: string, error: string | undefined, disabled: boolean | undefined) => ({
  id: name,
  name,
  disabled,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': describedBy(name, error),
});

function ErrorText({ name, error }: { name: string; error?: string | undefined }) {
  return error ? (
    <p className="field-error" id={`${name}-error`}>
      {error}
    </p>
  ) : null;
}

export function TextField({ name, label, value, error, onChange, disabled, type = 'text', autoComplete, inputMode, multiline }: FieldProps & {
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text' | 'decimal';
  multiline?: boolean;
}) {
  const common = {
    ...controlProps(name, error, disabled),
    value,
    autoComplete,
    onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
  };
  return (
    <div className={`field${multiline ? ' field-wide' : ''}`}>
      <label htmlFor={name}>{label}</label>
      {multiline ? <textarea rows={4} {...common} /> : <input type={type} inputMode={inputMode} {...common} />}
      <ErrorText name={name} error={error} />
    </div>
  );
}

export function SelectField({ name, label, value, error, onChange, disabled, options, placeholder }: FieldProps & {
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder: string;
}) {
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <select {...controlProps(name, error, disabled)} value={value} onChange={(event) => onChange(name, event.target.value)}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ErrorText name={name} error={error} />
    </div>
  );
}

export function YesNoField({ name, legend, value, error, onChange, disabled }: Omit<FieldProps, 'label'> & { legend: string }) {
  const t = useT(submissionMessages);
  return (
    <fieldset className="field radio-group" aria-describedby={describedBy(name, error)}>
      <legend>{legend}</legend>
      {(['yes', 'no'] as const).map((option) => (
        <label key={option} className="radio">
          <input type="radio" name={name} value={option} checked={value === option} disabled={disabled} onChange={() => onChange(name, option)} />
          {t(option)}
        </label>
      ))}
      <ErrorText name={name} error={error} />
    </fieldset>
  );
}

export function ConsentField({ name, checked, error, onChange, disabled, children }: {
  name: string;
  checked: boolean;
  error?: string | undefined;
  onChange(checked: boolean): void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="field field-wide">
      <label className="checkbox">
        <input type="checkbox" {...controlProps(name, error, disabled)} checked={checked} onChange={(event) => onChange(event.target.checked)} />
        <span>{children}</span>
      </label>
      <ErrorText name={name} error={error} />
    </div>
  );
}
