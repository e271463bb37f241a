import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, CircularProgress, List, ListItem, Stack, TextField, Typography } from '@mui/material';
import { HttpError, useDataProvider, useNotify } from 'react-admin';
import type { TwoFactorEnrolment, TwoFactorStatus } from '@autobest/domain/staff/twoFactor';
import { answerOf, type AutoBestDataProvider } from '../dataProvider';
import { useNotifyFailure } from '../useNotifyFailure';
import { PasswordField } from './PasswordField';

/*
 * Two-factor sign-in under My account (and the screen a person whose role requires it sees until they enrol): set it
 * up with a QR code, keep the ten recovery codes, renew them, turn it off where the role allows.
 */

/** A field's message from a refused request, when the API named the field. */
const fieldError = (error: unknown, field: string): string | undefined =>
  error instanceof HttpError ? (error.body as { fields?: Record<string, string> } | undefined)?.fields?.[field] : undefined;

/** The base32 key in groups of four, as people type it into an app. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** The 6-digit code box: phones offer the code from a text message or app, keyboards show digits. */
export function AuthenticatorCodeField({ value, onChange, error, label = 'Code from your authenticator app', autoFocus = false }: {
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  label?: string;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete="one-time-code"
      autoFocus={autoFocus}
      margin="normal"
      error={Boolean(error)}
      helperText={error ?? '6 digits; a new one every 30 seconds'}
      slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9 ]*', maxLength: 7 } }}
    />
  );
}

/** The ten recovery codes, shown once: copy, download as a text file, then confirm they are kept. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const notify = useNotify();
  const text = `AutoBest Africa staff console: recovery codes\nEach works once, in place of a code from your authenticator app.\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      notify('Recovery codes copied', { type: 'success' });
    } catch {
      notify('The codes could not be copied: select them and copy them by hand', { type: 'warning' });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'autobest-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  };
  return (
    <Box role="region" aria-label="Your recovery codes">
      <Alert severity="warning" sx={{ mb: 1 }}>
        Keep these ten recovery codes somewhere safe, away from your phone. Each one signs you in once if you lose your phone. They are shown only now.
      </Alert>
      <List dense aria-label="Recovery codes" sx={{ columns: 2, fontFamily: 'monospace', fontSize: '1.1rem' }}>
        {codes.map((code) => (
          <ListItem key={code} sx={{ fontFamily: 'inherit' }}>
            {code}
          </ListItem>
        ))}
      </List>
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button variant="outlined" onClick={download}>
          Download .txt
        </Button>
        <Button variant="contained" onClick={onDone}>
          I have saved them
        </Button>
      </Stack>
    </Box>
  );
}

/** Setting up: the QR code (or the key typed by hand), then a code from the app confirms it and answers the recovery codes. */
export function TwoFactorSetup({ onEnrolled }: { onEnrolled(recoveryCodes: string[]): void }) {
  const dataProvider = useDataProvider<AutoBestDataProvider>();
  const notifyFailure = useNotifyFailure();
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment>();
  const [starting, setStarting] = useState(false);
  const [code, setCode] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string>();

  const start = async () => {
    setStarting(true);
    try {
      setEnrolment(answerOf(await dataProvider.startTwoFactorEnrolment()));
    } catch (failure) {
      notifyFailure(failure, 'Two-factor sign-in could not be set up');
    } finally {
      setStarting(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError('Enter the code from your authenticator app');
    setConfirming(true);
    try {
      const { recoveryCodes } = answerOf(await dataProvider.confirmTwoFactorEnrolment(code));
      setError(undefined);
      onEnrolled(recoveryCodes);
    } catch (failure) {
      const named = fieldError(failure, 'code');
      if (named) setError(named);
      else notifyFailure(failure, 'The code could not be checked');
    } finally {
      setConfirming(false);
    }
  };

  if (!enrolment) {
    return (
      <Box>
        <Typography sx={{ mb: 1 }}>
          After your password, sign-in will ask for a 6-digit code from an authenticator app on your phone (Google Authenticator, Microsoft Authenticator,
          1Password, Aegis, or any other).
        </Typography>
        <Button variant="contained" onClick={() => void start()} disabled={starting} startIcon={starting ? <CircularProgress size={16} /> : undefined}>
          Set up two-factor sign-in
        </Button>
      </Box>
    );
  }
  return (
    <form onSubmit={(event) => void confirm(event)} noValidate>
      <Typography>1. Scan this QR code with your authenticator app.</Typography>
      {/* The server draws the QR code as SVG: drawn inline, since the console's policy allows images from this site only. */}
      <Box
        role="img"
        aria-label="QR code for your authenticator app"
        sx={{ width: 200, height: 200, my: 1, '& svg': { width: '100%', height: '100%' } }}
        dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
      />
      <Typography>
        Or type this key into the app (time-based): <code aria-label="Key to type by hand">{grouped(enrolment.secret)}</code>
      </Typography>
      <Typography sx={{ mt: 2 }}>2. Enter the code the app shows.</Typography>
      <AuthenticatorCodeField value={code} onChange={setCode} error={error} autoFocus />
      <Box>
        <Button type="submit" variant="contained" disabled={confirming} startIcon={confirming ? <CircularProgress size={16} /> : undefined}>
          Confirm and turn on
        </Button>
      </Box>
    </form>
  );
}

function RenewRecoveryCodes({ onRenewed }: { onRenewed(codes: string[]): void }) {
  const dataProvider = useDataProvider<AutoBestDataProvider>();
  const notifyFailure = useNotifyFailure();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError('Enter the code from your authenticator app');
    setBusy(true);
    try {
      const { recoveryCodes } = answerOf(await dataProvider.renewRecoveryCodes(code));
      setCode('');
      setError(undefined);
      onRenewed(recoveryCodes);
    } catch (failure) {
      const named = fieldError(failure, 'code');
      if (named) setError(named);
      else notifyFailure(failure, 'New recovery codes could not be made');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="New recovery codes">
      <Typography variant="subtitle1">New recovery codes</Typography>
      <Typography variant="body2">Ten new codes; the ones you have now stop working.</Typography>
      <AuthenticatorCodeField value={code} onChange={setCode} error={error} />
      <Box>
        <Button type="submit" variant="outlined" disabled={busy}>
          Make new recovery codes
        </Button>
      </Box>
    </form>
  );
}

function TurnOff({ onTurnedOff }: { onTurnedOff(): void }) {
  const dataProvider = useDataProvider<AutoBestDataProvider>();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string | undefined; code?: string | undefined }>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await dataProvider.turnOffTwoFactor(password, code);
      setErrors({});
      notify('Two-factor sign-in is off', { type: 'success' });
      onTurnedOff();
    } catch (failure) {
      const named = { password: fieldError(failure, 'password'), code: fieldError(failure, 'code') };
      if (named.password || named.code) setErrors(named);
      else notifyFailure(failure, 'Two-factor sign-in could not be turned off');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Turn off two-factor sign-in">
      <Typography variant="subtitle1">Turn off two-factor sign-in</Typography>
      <PasswordField label="Current password" autoComplete="current-password" value={password} onChange={setPassword} error={errors.password} />
      <AuthenticatorCodeField value={code} onChange={setCode} error={errors.code} />
      <Box>
        <Button type="submit" variant="outlined" color="error" disabled={busy}>
          Turn off
        </Button>
      </Box>
    </form>
  );
}

/** My account's "Two-factor sign-in": set it up, or, once on, the recovery codes left, new ones, and turning it off. */
export function TwoFactorSection({ onChanged }: { onChanged?(): void }) {
  const dataProvider = useDataProvider<AutoBestDataProvider>();
  const [shownCodes, setShownCodes] = useState<string[]>();
  const { data: status, error, refetch } = useQuery({
    queryKey: ['own-two-factor'],
    queryFn: async (): Promise<TwoFactorStatus> => answerOf(await dataProvider.getTwoFactorStatus()),
  });
  const changed = async () => {
    await refetch();
    onChanged?.();
  };

  return (
    <Box component="section" aria-labelledby="two-factor-heading">
      <Typography variant="h6" id="two-factor-heading">
        Two-factor sign-in
      </Typography>
      {error ? (
        <Alert severity="error">Two-factor sign-in could not be loaded</Alert>
      ) : !status ? (
        <Typography>Loading...</Typography>
      ) : shownCodes ? (
        <RecoveryCodesPanel
          codes={shownCodes}
          onDone={() => {
            setShownCodes(undefined);
            void changed();
          }}
        />
      ) : !status.enrolled ? (
        <Stack spacing={1}>
          {status.required && <Alert severity="warning">Your role must use two-factor sign-in: set it up to use the console.</Alert>}
          <TwoFactorSetup onEnrolled={setShownCodes} />
        </Stack>
      ) : (
        <Stack spacing={2}>
          <Alert severity="success">
            Two-factor sign-in is on. {status.recoveryCodesLeft} of 10 recovery codes left.
            {status.recoveryCodesLeft <= 3 && ' Make new ones before you run out.'}
          </Alert>
          <RenewRecoveryCodes onRenewed={setShownCodes} />
          {status.required ? (
            <Typography variant="body2">Your role must use two-factor sign-in, so it cannot be turned off. Lost your phone? Use a recovery code, or ask another admin to reset it.</Typography>
          ) : (
            <TurnOff onTurnedOff={() => void changed()} />
          )}
        </Stack>
      )}
    </Box>
  );
}
