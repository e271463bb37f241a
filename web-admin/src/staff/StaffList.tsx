import { Chip } from '@mui/material';
import { Datagrid, DateField, FunctionField, List, SearchInput, SelectInput, TextField } from 'react-admin';
import { STAFF_ROLE_LABELS, STAFF_ROLES, isStaffRole } from '@autobest/domain/staff/roles';
import type { StaffAccount, StaffAccountStatus } from '@autobest/domain/staff/accounts';

export const ROLE_CHOICES = STAFF_ROLES.map((role) => ({ id: role, name: STAFF_ROLE_LABELS[role] }));

const STATUS_COLORS: Record<StaffAccountStatus, 'success' | 'info' | 'default'> = { active: 'success', invited: 'info', disabled: 'default' };
const STATUS_LABELS: Record<StaffAccountStatus, string> = { active: 'Active', invited: 'Invited', disabled: 'Disabled' };

export const StaffStatusChip = ({ status }: { status: StaffAccountStatus }) => <Chip size="small" color={STATUS_COLORS[status]} label={STATUS_LABELS[status]} />;
/** Whether the person signs in with a code from an authenticator app too. */
export const TwoFactorChip = ({ enrolled }: { enrolled: boolean }) => (
  <Chip size="small" variant="outlined" color={enrolled ? 'success' : 'default'} label={enrolled ? 'On' : 'Off'} />
);
export const roleLabel = (role: string) => (isStaffRole(role) ? STAFF_ROLE_LABELS[role] : role);

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search name or email" />,
  <SelectInput key="role" source="role" label="Role" choices={ROLE_CHOICES} alwaysOn />,
];

/** Everyone with a console account: who, which role, whether they can sign in (and with two-factor), and when they last did. */
export function StaffList() {
  return (
    <List sort={{ field: 'name', order: 'ASC' }} filters={filters} exporter={false}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <TextField source="email" />
        <FunctionField<StaffAccount> label="Role" sortBy="role" render={(record) => roleLabel(record.role)} />
        <FunctionField<StaffAccount> label="Status" render={(record) => <StaffStatusChip status={record.status} />} />
        <FunctionField<StaffAccount> label="Two-factor" render={(record) => <TwoFactorChip enrolled={record.twoFactorEnrolled} />} />
        <DateField source="lastSignInAt" label="Last sign-in" showTime emptyText="never" />
      </Datagrid>
    </List>
  );
}
