import { useState } from 'react';
import { Button as MuiButton, Stack } from '@mui/material';
import { Confirm, Edit, Labeled, SaveButton, SelectInput, SimpleForm, TextField, Toolbar, useDataProvider, useGetIdentity, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { StaffAccount } from '@autobest/domain/staff/accounts';
import type { AutoBestDataProvider } from '../dataProvider';
import { useNotifyFailure } from '../useNotifyFailure';
import { ROLE_CHOICES, StaffStatusChip, TwoFactorChip } from './StaffList';

/**
 * For a person who lost their phone and has no recovery code: two-factor sign-in comes off, every session of theirs
 * ends, and they sign in with the password and set it up again. Not for one's own account (My account does that).
 */
function ResetTwoFactor() {
  const record = useRecordContext<StaffAccount>();
  const { identity } = useGetIdentity();
  const dataProvider = useDataProvider<AutoBestDataProvider>();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const [resetting, setResetting] = useState(false);
  if (!record?.twoFactorEnrolled || record.id === identity?.id) return null;
  const reset = async () => {
    setResetting(true);
    try {
      await dataProvider.resetStaffTwoFactor(record.id);
      notify(`Two-factor sign-in is off for ${record.email}; every session of theirs has ended`, { type: 'success' });
      refresh();
    } catch (error) {
      notifyFailure(error, 'Two-factor sign-in could not be reset');
    } finally {
      setResetting(false);
      setAsking(false);
    }
  };
  return (
    <>
      <MuiButton variant="outlined" color="warning" onClick={() => setAsking(true)}>
        Reset two-factor
      </MuiButton>
      <Confirm
        isOpen={asking}
        loading={resetting}
        title={`Reset two-factor sign-in for ${record.name}?`}
        content={`Do this only when you are sure it is ${record.name} asking (for example, they lost their phone). Every session of theirs ends; they sign in with their password and set up two-factor sign-in again.`}
        confirm="Reset two-factor"
        onConfirm={() => void reset()}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

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
          <ResetTwoFactor />
        </>
      )}
    </Stack>
  );
}

const StatusField = () => {
  const record = useRecordContext<StaffAccount>();
  return record ? <StaffStatusChip status={record.status} /> : null;
};

const TwoFactorField = () => {
  const record = useRecordContext<StaffAccount>();
  return record ? <TwoFactorChip enrolled={record.twoFactorEnrolled} /> : null;
};

/** An account: its role changes here; its name and email are the person's. */
export function StaffEdit() {
  return (
    <Edit mutationMode="pessimistic" title="Staff account">
      <SimpleForm toolbar={<Toolbar><SaveButton label="Save role" /></Toolbar>}>
        <Labeled label="Name"><TextField source="name" /></Labeled>
        <Labeled label="Email"><TextField source="email" /></Labeled>
        <Labeled label="Status"><StatusField /></Labeled>
        <Labeled label="Two-factor sign-in"><TwoFactorField /></Labeled>
        <SelectInput source="role" choices={ROLE_CHOICES} />
        <AccountActions />
      </SimpleForm>
    </Edit>
  );
}
