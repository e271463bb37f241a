import type { ReactElement } from 'react';
import type { StaffPermission } from '@autobest/domain/staff/roles';
import QueueIcon from '@mui/icons-material/Queue';
import InventoryIcon from '@mui/icons-material/Inventory';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import BarChartIcon from '@mui/icons-material/BarChart';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import HealthAndSafetyIcon from '@mui/icons-material/HealthAndSafety';
import { permits } from './permissions';

/** A screen that is not a single resource: its menu item. */
export interface MenuScreen {
  to: string;
  label: string;
  icon: ReactElement;
  /** Served by the API outside react-admin's router (the queue dashboard): a plain link the browser loads as a page. */
  reloadDocument?: true;
}

/** A menu entry: a resource or a screen, by its name in permissions.ts (which decides who sees it). */
export interface MenuEntry {
  name: string;
  screen?: MenuScreen;
}

export interface MenuGroup {
  label: string;
  entries: readonly MenuEntry[];
}

const resource = (name: string): MenuEntry => ({ name });
const screen = (name: string, to: string, label: string, icon: ReactElement, reloadDocument?: true): MenuEntry => ({ name, screen: { to, label, icon, ...(reloadDocument ? { reloadDocument } : {}) } });

/** The console's menu, in the groups staff work in (issue 39); every resource and screen of permissions.ts is in one. */
export const MENU_GROUPS: readonly MenuGroup[] = [
  {
    label: 'Requests and leads',
    entries: ['sell-car-submissions', 'trade-in-submissions', 'reservation-requests', 'enquiries', 'conversations', 'contact-messages'].map(resource),
  },
  {
    label: 'Catalogue and pricing',
    entries: [
      resource('vehicles'),
      screen('inventory-management', '/inventory-management', 'Inventory Management', <InventoryIcon />),
      screen('inventory-qa', '/inventory-qa', 'Inventory QA', <FactCheckIcon />),
      screen('vehicle-data-collection', '/vehicle-data-collection', 'Data Collection', <PlaylistAddCheckIcon />),
      resource('tariff-versions'),
      resource('freight-rates'),
      resource('destination-charges'),
    ],
  },
  { label: 'Content', entries: ['news-sources', 'articles', 'videos', 'tara-answers'].map(resource) },
  {
    label: 'Operations',
    entries: [
      resource('emails'),
      resource('whatsapp-messages'),
      screen('analytics', '/analytics', 'Analytics', <BarChartIcon />),
      screen('qa-test', '/qa-test', 'QA checks', <HealthAndSafetyIcon />),
      // The router's basename plus /queues: /admin/queues, bull-board served by the API.
      screen('queues', '/queues', 'Queues', <QueueIcon />, true),
    ],
  },
  { label: 'Administration', entries: ['staff', 'activity'].map(resource) },
];

/** The groups and entries someone with these permissions sees: only what they may open, and no empty group. */
export function menuGroupsFor(permissions: readonly StaffPermission[]): MenuGroup[] {
  return MENU_GROUPS.map((group) => ({ ...group, entries: group.entries.filter((entry) => permits(permissions, entry.name, 'list')) })).filter((group) => group.entries.length > 0);
}
