import { ListSubheader } from '@mui/material';
import { Menu, usePermissions, useSidebarState } from 'react-admin';
import type { StaffPermission } from '@autobest/domain/staff/roles';
import { menuGroupsFor, type MenuGroup } from './menuGroups';

/**
 * A group's heading. MUI's menu list moves the arrow keys' focus past it (it is no item), so the keyboard goes from item
 * to item across groups; the heading is hidden when the sidebar is folded to icons.
 */
function GroupHeading({ group }: { group: MenuGroup }) {
  const [open] = useSidebarState();
  if (!open) return null;
  return (
    <ListSubheader component="li" disableSticky sx={{ lineHeight: 2.5, mt: 1, bgcolor: 'transparent' }}>
      {group.label}
    </ListSubheader>
  );
}

/** Home, then the groups the signed-in staff member's role may open (menuGroups.tsx), each under its heading. */
export function AppMenu() {
  const { permissions } = usePermissions<StaffPermission[]>();
  return (
    <Menu>
      <Menu.DashboardItem primaryText="Home" />
      {/* One flat list, no fragments: MUI's menu list walks its direct children for the keyboard. */}
      {menuGroupsFor(permissions ?? []).flatMap((group) => [
        <GroupHeading key={`group:${group.label}`} group={group} />,
        ...group.entries.map(({ name, screen }) =>
          screen ? (
            <Menu.Item key={name} to={screen.to} primaryText={screen.label} leftIcon={screen.icon} {...(screen.reloadDocument ? { reloadDocument: true } : {})} />
          ) : (
            <Menu.ResourceItem key={name} name={name} />
          ),
        ),
      ])}
    </Menu>
  );
}
