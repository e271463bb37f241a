import type { ReactNode } from 'react';
import { Box, ListSubheader } from '@mui/material';
import { Menu, usePermissions, useSidebarState } from 'react-admin';
import type { StaffPermission } from '@autobest/domain/staff/roles';
import { menuGroupsFor, type MenuGroup } from './menuGroups';

/**
 * One group of the menu, as ARIA has it: a `group` of menu items named by its heading (the heading itself is only
 * seen, the group's name is what is read; it stays when the sidebar is folded to icons and the heading is hidden). MUI's
 * menu list moves the arrow keys' focus over its items in page order, across groups.
 */
function MenuGroupItems({ group, children }: { group: MenuGroup; children: ReactNode }) {
  const [open] = useSidebarState();
  return (
    <Box component="li" role="none">
      {open && (
        <ListSubheader component="div" aria-hidden disableSticky sx={{ lineHeight: 2.5, mt: 1, bgcolor: 'transparent' }}>
          {group.label}
        </ListSubheader>
      )}
      <Box component="ul" role="group" aria-label={group.label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

/** Home, then the groups the signed-in staff member's role may open (menuGroups.tsx). */
export function AppMenu() {
  const { permissions } = usePermissions<StaffPermission[]>();
  return (
    <Menu>
      <Menu.DashboardItem primaryText="Home" />
      {menuGroupsFor(permissions ?? []).map((group) => (
        <MenuGroupItems key={group.label} group={group}>
          {group.entries.map(({ name, screen }) =>
            screen ? (
              <Menu.Item key={name} to={screen.to} primaryText={screen.label} leftIcon={screen.icon} {...(screen.reloadDocument ? { reloadDocument: true } : {})} />
            ) : (
              <Menu.ResourceItem key={name} name={name} />
            ),
          )}
        </MenuGroupItems>
      ))}
    </Menu>
  );
}
