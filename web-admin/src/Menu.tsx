import { Menu } from 'react-admin';
import QueueIcon from '@mui/icons-material/Queue';
import InventoryIcon from '@mui/icons-material/Inventory';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import BarChartIcon from '@mui/icons-material/BarChart';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import HealthAndSafetyIcon from '@mui/icons-material/HealthAndSafety';

/** The resources, plus the screens that are not a single resource, plus the queue dashboard (bull-board, served by the API outside the console). */
export function AppMenu() {
  return (
    <Menu>
      <Menu.ResourceItems />
      <Menu.Item to="/inventory-management" primaryText="Inventory Management" leftIcon={<InventoryIcon />} />
      <Menu.Item to="/inventory-qa" primaryText="Inventory QA" leftIcon={<FactCheckIcon />} />
      <Menu.Item to="/vehicle-data-collection" primaryText="Data Collection" leftIcon={<PlaylistAddCheckIcon />} />
      <Menu.Item to="/analytics" primaryText="Analytics" leftIcon={<BarChartIcon />} />
      <Menu.Item to="/qa-test" primaryText="QA checks" leftIcon={<HealthAndSafetyIcon />} />
      {/* The API serves the dashboard outside react-admin's router: reloadDocument makes this a plain link to
          /admin/queues (the router's basename plus /queues) that the browser loads as a page, styled like the rest. */}
      <Menu.Item to="/queues" reloadDocument primaryText="Queues" leftIcon={<QueueIcon />} />
    </Menu>
  );
}
