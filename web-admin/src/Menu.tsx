import type { ReactElement } from 'react';
import { Menu, useCanAccess } from 'react-admin';
import QueueIcon from '@mui/icons-material/Queue';
import InventoryIcon from '@mui/icons-material/Inventory';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import BarChartIcon from '@mui/icons-material/BarChart';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import HealthAndSafetyIcon from '@mui/icons-material/HealthAndSafety';

/** A screen's menu item, shown only to someone whose role may open it (permissions.ts). */
function ScreenItem({ screen, to, primaryText, leftIcon, reloadDocument }: { screen: string; to: string; primaryText: string; leftIcon: ReactElement; reloadDocument?: boolean }) {
  const { canAccess } = useCanAccess({ resource: screen, action: 'list' });
  if (!canAccess) return null;
  return <Menu.Item to={to} primaryText={primaryText} leftIcon={leftIcon} {...(reloadDocument ? { reloadDocument } : {})} />;
}

/** The resources, plus the screens that are not a single resource, plus the queue dashboard (bull-board, served by the API outside the console). */
export function AppMenu() {
  return (
    <Menu>
      <Menu.ResourceItems />
      <ScreenItem screen="inventory-management" to="/inventory-management" primaryText="Inventory Management" leftIcon={<InventoryIcon />} />
      <ScreenItem screen="inventory-qa" to="/inventory-qa" primaryText="Inventory QA" leftIcon={<FactCheckIcon />} />
      <ScreenItem screen="vehicle-data-collection" to="/vehicle-data-collection" primaryText="Data Collection" leftIcon={<PlaylistAddCheckIcon />} />
      <ScreenItem screen="analytics" to="/analytics" primaryText="Analytics" leftIcon={<BarChartIcon />} />
      <ScreenItem screen="qa-test" to="/qa-test" primaryText="QA checks" leftIcon={<HealthAndSafetyIcon />} />
      {/* The API serves the dashboard outside react-admin's router: reloadDocument makes this a plain link to
          /admin/queues (the router's basename plus /queues) that the browser loads as a page, styled like the rest. */}
      <ScreenItem screen="queues" to="/queues" reloadDocument primaryText="Queues" leftIcon={<QueueIcon />} />
    </Menu>
  );
}
