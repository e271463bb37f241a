import { useState } from 'react';
import { Form, Login, PasswordInput, required, SaveButton, TextInput, useLogin, useNotify } from 'react-admin';
import { CardContent } from '@mui/material';

interface Credentials {
  email?: string;
  password?: string;
}

/** Email and password (react-admin's default form asks for a "username"). */
export function LoginPage() {
  const login = useLogin();
  const notify = useNotify();
  const [signingIn, setSigningIn] = useState(false);

  const submit = async (values: Credentials) => {
    setSigningIn(true);
    try {
      await login(values);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Sign-in failed', { type: 'error' });
    } finally {
      setSigningIn(false);
    }
  };

  return (
    <Login>
      <Form onSubmit={(values: Record<string, unknown>) => submit(values as Credentials)}>
        <CardContent>
          <TextInput source="email" label="Email" type="email" autoComplete="username" autoFocus validate={required()} fullWidth />
          <PasswordInput source="password" label="Password" autoComplete="current-password" validate={required()} fullWidth />
          <SaveButton label="Sign in" icon={<></>} disabled={signingIn} alwaysEnable={!signingIn} fullWidth variant="contained" />
        </CardContent>
      </Form>
    </Login>
  );
}
