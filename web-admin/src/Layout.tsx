import { forwardRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card, CardContent, ListItemIcon, ListItemText, MenuItem, Typography } from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { useQuery } from '@tanstack/react-query';
import { Layout as AdminLayout, AppBar, Loading, Logout, Title, UserMenu, useUserMenu } from 'react-admin';
import type { StaffIdentity } from '@autobest/domain/staff/contracts';
import { authProvider } from './authProvider';
import { AppMenu } from './Menu';
import { TwoFactorSection } from './staff/TwoFactor';

/** "My account" in the user menu: one's password and sessions. */
const MyAccountItem = forwardRef<HTMLAnchorElement>(function MyAccountItem(props, ref) {
  const userMenu = useUserMenu();
  return (
    <MenuItem component={Link} to="/my-account" ref={ref} onClick={() => userMenu?.onClose()} {...props}>
      <ListItemIcon>
        <AccountCircleIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>My account</ListItemText>
    </MenuItem>
  );
});

const ConsoleAppBar = () => (
  <AppBar
    userMenu={
      <UserMenu>
        <MyAccountItem />
        <Logout />
      </UserMenu>
    }
  />
);

/**
 * Someone whose role must use two-factor sign-in and has not set it up sees only this until they do (the API refuses
 * them everything else): the setup, then their recovery codes, then the console.
 */
function EnrolmentRequired({ children }: { children: ReactNode }) {
  // Asked once, not retried: signed out, the page behind answers 401 and the console goes to sign-in at once.
  const { data: identity, isPending, refetch } = useQuery({
    queryKey: ['two-factor-enrolment-required'],
    queryFn: async () => (await authProvider.getIdentity!()) as { twoFactor?: StaffIdentity['twoFactor'] },
    retry: false,
  });
  if (isPending) return <Loading />;
  const twoFactor = identity?.twoFactor;
  if (!twoFactor?.required || twoFactor.enrolled) return <>{children}</>;
  return (
    <Card sx={{ mt: 2, maxWidth: 760 }}>
      <Title title="Set up two-factor sign-in" />
      <CardContent>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          Set up two-factor sign-in to continue
        </Typography>
        <TwoFactorSection onChanged={() => void refetch()} />
      </CardContent>
    </Card>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <AdminLayout menu={AppMenu} appBar={ConsoleAppBar}>
      <EnrolmentRequired>{children}</EnrolmentRequired>
    </AdminLayout>
  );
}
