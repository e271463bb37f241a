import { DateField, EmailField, FunctionField, TextField } from 'react-admin';
import { SITE_LANGUAGE_NAMES } from '@autobest/domain/languages';
import type { ContactMessage } from '@autobest/domain/contact/contracts';
import { FollowUpShow } from '../follow-ups/FollowUpShow';

export function ContactMessageShow() {
  return (
    <FollowUpShow resource="contact-messages" noun="message">
      <DateField source="receivedAt" label="Received" showTime />
      <TextField source="firstName" label="First name" />
      <TextField source="lastName" label="Last name" />
      <EmailField source="email" />
      <TextField source="phone" />
      <FunctionField<ContactMessage> label="Language on the site" render={(record) => SITE_LANGUAGE_NAMES[record.language]} />
      <TextField source="message" sx={{ whiteSpace: 'pre-wrap' }} />
    </FollowUpShow>
  );
}
