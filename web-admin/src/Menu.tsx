import { Menu } from 'react-admin';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
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
      {/* Outside react-admin's router: a plain link that leaves the console. */}
      <MenuItem component="a" href="/admin/queues">
        <ListItemIcon>
          <QueueIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Queues</ListItemText>
      </MenuItem>
    </Menu>
  );
}
