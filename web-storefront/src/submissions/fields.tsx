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
    id: name,
    name,
    value,
    disabled,
    autoComplete,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(name, error),
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
      <select
        id={name}
        name={name}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error)}
        onChange={(event) => onChange(name, event.target.value)}
      >
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
        <input
          type="checkbox"
          id={name}
          name={name}
          checked={checked}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(name, error)}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>{children}</span>
      </label>
      <ErrorText name={name} error={error} />
    </div>
  );
}
