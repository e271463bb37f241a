import { DateField, EmailField, Show, SimpleShowLayout, TextField } from 'react-admin';

export function ContactMessageShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <DateField source="receivedAt" label="Received" showTime />
        <TextField source="firstName" label="First name" />
        <TextField source="lastName" label="Last name" />
        <EmailField source="email" />
        <TextField source="phone" />
        <TextField source="message" sx={{ whiteSpace: 'pre-wrap' }} />
      </SimpleShowLayout>
    </Show>
  );
}
