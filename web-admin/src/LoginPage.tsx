import { useState, type FormEvent } from 'react';
import { Form, Login, PasswordInput, required, SaveButton, TextInput, useLogin, useNotify } from 'react-admin';
import { Box, Button, CardContent, CircularProgress, Link, TextField, Typography } from '@mui/material';
import { SecondFactorNeeded } from './authProvider';

interface Credentials {
  email?: string;
  password?: string;
}

/** The second step, for someone who uses two-factor sign-in: a code from the app, or one of their recovery codes. */
function CodeStep({ credentials, onBack }: { credentials: Credentials; onBack(): void }) {
  const login = useLogin();
  const notify = useNotify();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string>();
  const [signingIn, setSigningIn] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(recovery ? 'Enter one of your recovery codes' : 'Enter the code from your authenticator app');
    setSigningIn(true);
    try {
      await login({ ...credentials, code });
    } catch (failure) {
      if (failure instanceof SecondFactorNeeded) setError('That code is not right, or was used already');
      else notify(failure instanceof Error ? failure.message : 'Sign-in failed', { type: 'error' });
    } finally {
      setSigningIn(false);
    }
  };

  const switchKind = () => {
    setRecovery(!recovery);
    setCode('');
    setError(undefined);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Two-factor sign-in">
      <CardContent>
        <Typography sx={{ mb: 1 }}>
          {recovery ? 'Enter one of your recovery codes. Each works once.' : 'Enter the 6-digit code from your authenticator app.'}
        </Typography>
        <TextField
          key={recovery ? 'recovery' : 'app'}
          label={recovery ? 'Recovery code' : 'Authentication code'}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoFocus
          fullWidth
          margin="normal"
          autoComplete={recovery ? 'off' : 'one-time-code'}
          error={Boolean(error)}
          helperText={error}
          slotProps={{ htmlInput: recovery ? { spellCheck: false, autoCapitalize: 'none' } : { inputMode: 'numeric', pattern: '[0-9 ]*', maxLength: 7 } }}
        />
        <Button type="submit" variant="contained" fullWidth disabled={signingIn} startIcon={signingIn ? <CircularProgress size={16} /> : undefined}>
          Verify
        </Button>
        <Box sx={{ mt: 2, display: 'flex', justifyContent: 'space-between' }}>
          <Link component="button" type="button" onClick={switchKind}>
            {recovery ? 'Use the authenticator app' : 'Use a recovery code'}
          </Link>
          <Link component="button" type="button" onClick={onBack}>
            Back
          </Link>
        </Box>
      </CardContent>
    </form>
  );
}

/** Email and password (react-admin's default form asks for a "username"), then a code for those who use two-factor sign-in. */
export function LoginPage() {
  const login = useLogin();
  const notify = useNotify();
  const [signingIn, setSigningIn] = useState(false);
  // Kept only while the code is asked for: the code goes with the same email and password.
  const [awaitingCode, setAwaitingCode] = useState<Credentials>();

  const submit = async (values: Credentials) => {
    setSigningIn(true);
    try {
      await login(values);
    } catch (error) {
      if (error instanceof SecondFactorNeeded) setAwaitingCode(values);
      else notify(error instanceof Error ? error.message : 'Sign-in failed', { type: 'error' });
    } finally {
      setSigningIn(false);
    }
  };

  return (
    <Login>
      {awaitingCode ? (
        <CodeStep credentials={awaitingCode} onBack={() => setAwaitingCode(undefined)} />
      ) : (
        <Form onSubmit={(values: Record<string, unknown>) => submit(values as Credentials)}>
          <CardContent>
            <TextInput source="email" label="Email" type="email" autoComplete="username" autoFocus validate={required()} fullWidth />
            <PasswordInput source="password" label="Password" autoComplete="current-password" validate={required()} fullWidth />
            <SaveButton label="Sign in" icon={<></>} disabled={signingIn} alwaysEnable={!signingIn} fullWidth variant="contained" />
          </CardContent>
        </Form>
      )}
    </Login>
  );
}
