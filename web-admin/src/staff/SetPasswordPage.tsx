import { useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { PASSWORD_MIN_LENGTH } from '@autobest/domain/staff/accounts';
import { PasswordField } from './PasswordField';

interface Refusal {
  message?: string;
  fields?: Record<string, string>;
}

/**
 * Where an emailed set-password link opens, outside the signed-in console: the person chooses their password (the
 * server holds it to the rules and says which one failed), then signs in.
 */
export function SetPasswordPage() {
  const { linkId = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [error, setError] = useState<{ password?: string; link?: string }>({});
  const [doneFor, setDoneFor] = useState<string>();
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== repeated) return setError({ password: 'The two passwords are not the same' });
    setSending(true);
    try {
      const response = await fetch('/api/admin/set-password', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ linkId, token, password }),
      });
      const body = (await response.json().catch(() => ({}))) as Refusal & { email?: string };
      if (response.ok) return setDoneFor(body.email ?? '');
      const fields = body.fields ?? {};
      if (fields['password']) setError({ password: fields['password'] });
      else setError({ link: fields['token'] ?? fields['linkId'] ?? body.message ?? 'The password could not be set' });
    } catch {
      setError({ link: 'Could not reach the server. Try again in a moment.' });
    } finally {
      setSending(false);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100' }}>
      <Card sx={{ width: 420 }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            Choose your password
          </Typography>
          {doneFor !== undefined ? (
            <>
              <Alert severity="success" sx={{ mb: 2 }}>
                Your password is set{doneFor ? ` for ${doneFor}` : ''}. Sign in with it now.
              </Alert>
              <Button component={Link} to="/login" variant="contained">
                Sign in
              </Button>
            </>
          ) : (
            <form onSubmit={(event) => void submit(event)} noValidate>
              <Typography variant="body2" color="text.secondary" gutterBottom>
                At least {PASSWORD_MIN_LENGTH} characters. A few unrelated words make a good one; common passwords are refused.
              </Typography>
              {error.link && (
                <Alert severity="error" sx={{ my: 1 }}>
                  {error.link}
                </Alert>
              )}
              <PasswordField label="New password" autoComplete="new-password" value={password} onChange={setPassword} error={error.password} />
              <PasswordField label="New password again" autoComplete="new-password" value={repeated} onChange={setRepeated} />
              <Button type="submit" variant="contained" disabled={sending} sx={{ mt: 1 }}>
                Set password
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
