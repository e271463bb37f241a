import type { ReactNode } from 'react';
import { Layout as AdminLayout } from 'react-admin';
import { AppMenu } from './Menu';

export function Layout({ children }: { children: ReactNode }) {
  return <AdminLayout menu={AppMenu}>{children}</AdminLayout>;
}
