import { forwardRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { Layout as AdminLayout, AppBar, Logout, UserMenu, useUserMenu } from 'react-admin';
import { AppMenu } from './Menu';

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

export function Layout({ children }: { children: ReactNode }) {
  return (
    <AdminLayout menu={AppMenu} appBar={ConsoleAppBar}>
      {children}
    </AdminLayout>
  );
}
