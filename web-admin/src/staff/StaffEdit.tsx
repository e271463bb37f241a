import { Button as MuiButton, Stack } from '@mui/material';
import { Edit, Labeled, SaveButton, SelectInput, SimpleForm, TextField, Toolbar, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { StaffAccount } from '@autobest/domain/staff/accounts';
import type { AutoBestDataProvider } from '../dataProvider';
import { useNotifyFailure } from '../useNotifyFailure';
import { ROLE_CHOICES, StaffStatusChip } from './StaffList';

/** Disable or enable the account, and email a new set-password link. */
function AccountActions() {
  const record = useRecordContext<StaffAccount>();
  const dataProvider = useDataProvider<AutoBestDataProvider>();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const refresh = useRefresh();
  if (!record) return null;
  const act = async (action: 'disable' | 'enable' | 'password-link') => {
    try {
      const { data } = await dataProvider.staffAction(record.id, action);
      if (action === 'password-link') {
        notify(`New set-password link emailed to ${record.email} (earlier links stop working): ${data.setPasswordUrl ?? ''}`, { type: 'success', autoHideDuration: 60_000 });
      } else {
        notify(action === 'disable' ? `${record.email} is disabled; every session of theirs has ended` : `${record.email} can sign in again`, { type: 'success' });
      }
      refresh();
    } catch (error) {
      notifyFailure(error, 'The account could not be changed');
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ my: 1 }}>
      {record.status === 'disabled' ? (
        <MuiButton variant="outlined" onClick={() => void act('enable')}>
          Enable
        </MuiButton>
      ) : (
        <>
          <MuiButton variant="outlined" color="error" onClick={() => void act('disable')}>
            Disable
          </MuiButton>
          <MuiButton variant="outlined" onClick={() => void act('password-link')}>
            Send new set-password link
          </MuiButton>
        </>
      )}
    </Stack>
  );
}

const StatusField = () => {
  const record = useRecordContext<StaffAccount>();
  return record ? <StaffStatusChip status={record.status} /> : null;
};

/** An account: its role changes here; its name and email are the person's. */
export function StaffEdit() {
  return (
    <Edit mutationMode="pessimistic" title="Staff account">
      <SimpleForm toolbar={<Toolbar><SaveButton label="Save role" /></Toolbar>}>
        <Labeled label="Name"><TextField source="name" /></Labeled>
        <Labeled label="Email"><TextField source="email" /></Labeled>
        <Labeled label="Status"><StatusField /></Labeled>
        <SelectInput source="role" choices={ROLE_CHOICES} />
        <AccountActions />
      </SimpleForm>
    </Edit>
  );
}
