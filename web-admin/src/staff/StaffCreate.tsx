import { Create, required, SelectInput, SimpleForm, TextInput, useNotify, useRedirect } from 'react-admin';
import type { StaffAccount } from '@autobest/domain/staff/accounts';
import { ROLE_CHOICES } from './StaffList';

/** Invite: the account has no password until the person chooses one with the emailed link (24 hours). */
export function StaffCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      title="Invite a colleague"
      mutationOptions={{
        onSuccess: (account: StaffAccount & { setPasswordUrl: string }) => {
          notify(`Invitation emailed to ${account.email} (see Emails). Their set-password link, valid 24 hours: ${account.setPasswordUrl}`, {
            type: 'success',
            autoHideDuration: 60_000,
          });
          redirect('list', 'staff');
        },
      }}
    >
      <SimpleForm>
        <TextInput source="name" validate={required()} />
        <TextInput source="email" type="email" validate={required()} />
        <SelectInput source="role" choices={ROLE_CHOICES} defaultValue="sales" validate={required()} />
      </SimpleForm>
    </Create>
  );
}
