import { TextField } from '@mui/material';

/**
 * A password box of the staff forms. `autoComplete` says which password it asks for, the one the person has or a new
 * one, so that password managers fill it or offer one; `error` is the API's message for the field, `hint` what shows
 * until there is one.
 */
export function PasswordField({ label, autoComplete, value, onChange, error, hint }: {
  label: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  hint?: string;
}) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      fullWidth
      margin="normal"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? hint}
    />
  );
}
