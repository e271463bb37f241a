import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { HttpError, Title, useDataProvider, useNotify } from 'react-admin';
import type { OwnSession } from '@autobest/domain/staff/accounts';
import { answerOf, type AutoBestDataProvider } from '../dataProvider';
import { useNotifyFailure } from '../useNotifyFailure';
import { PasswordField } from './PasswordField';
import { TwoFactorSection } from './TwoFactor';

const when = (iso: string) => new Date(iso).toLocaleString();

/** A field's message from a refused change, when the API named the field. */
const fieldError = (error: unknown, field: string): string | undefined =>
  error instanceof HttpError ? (error.body as { fields?: Record<string, string> } | undefined)?.fields?.[field] : undefined;

function ChangePassword() {
  const dataProvider = useDataProvider<AutoBestDataProvider>();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<{ currentPassword?: string; newPassword?: string }>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await dataProvider.changeOwnPassword(current, next);
      setErrors({});
      setCurrent('');
      setNext('');
      notify('Password changed; your other sessions have ended', { type: 'success' });
    } catch (error) {
      const named = { currentPassword: fieldError(error, 'currentPassword'), newPassword: fieldError(error, 'newPassword') };
      if (named.currentPassword || named.newPassword) setErrors(named);
      else notifyFailure(error, 'The password could not be changed');
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Typography variant="h6">Change password</Typography>
      <PasswordField label="Current password" autoComplete="current-password" value={current} onChange={setCurrent} error={errors.currentPassword} />
      <PasswordField label="New password" autoComplete="new-password" value={next} onChange={setNext} error={errors.newPassword} hint="At least 12 characters; common passwords are refused" />
      <Button type="submit" variant="contained">
        Change password
      </Button>
    </form>
  );
}

function Sessions() {
  const dataProvider = useDataProvider<AutoBestDataProvider>();
  const notifyFailure = useNotifyFailure();
  const { data: sessions, error, refetch } = useQuery({
    queryKey: ['own-sessions'],
    queryFn: async (): Promise<OwnSession[]> => answerOf(await dataProvider.getOwnSessions()),
  });

  const end = async (id: string) => {
    try {
      await dataProvider.endOwnSession(id);
    } catch (failure) {
      notifyFailure(failure, 'The session could not be ended');
    }
    await refetch();
  };

  return (
    <Box>
      <Typography variant="h6">Where you are signed in</Typography>
      {error ? (
        <Alert severity="error">Your sessions could not be loaded</Alert>
      ) : !sessions ? (
        <Typography>Loading...</Typography>
      ) : (
        <Table size="small" aria-label="Your sessions">
          <TableHead>
            <TableRow>
              <TableCell>Signed in</TableCell>
              <TableCell>Last seen</TableCell>
              <TableCell>Browser</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {sessions.map((session) => (
              <TableRow key={session.id}>
                <TableCell>{when(session.createdAt)}</TableCell>
                <TableCell>{when(session.lastSeenAt)}</TableCell>
                <TableCell sx={{ maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{session.userAgent ?? '—'}</TableCell>
                <TableCell>
                  {session.current ? (
                    <strong>This session</strong>
                  ) : (
                    <Button size="small" color="error" onClick={() => void end(session.id)}>
                      End
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

/** Everyone's own account: their password, two-factor sign-in and the sessions they have open. */
export function MyAccountPage() {
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="My account" />
      <CardContent>
        <Stack spacing={4} sx={{ maxWidth: 720 }}>
          <Alert severity="info">Changing your password ends every other session of yours.</Alert>
          <ChangePassword />
          <TwoFactorSection />
          <Sessions />
        </Stack>
      </CardContent>
    </Card>
  );
}
