import { DateField, EmailField, FunctionField, Labeled, Show, SimpleShowLayout, TextField } from 'react-admin';
import { SITE_LANGUAGE_NAMES } from '@autobest/domain/languages';
import type { ContactMessage } from '@autobest/domain/contact/contracts';
import { FollowUpHistory, FollowUpPanel } from '../follow-ups/FollowUpPanel';
import { StatusChip } from '../follow-ups/StatusChip';
import { FOLLOW_UP_WORKFLOW } from '../follow-ups/workflow';

export function ContactMessageShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <FollowUpPanel resource="contact-messages" noun="message" workflow={FOLLOW_UP_WORKFLOW} picker="buttons" />
        <FunctionField<ContactMessage> label="Status" render={(record) => <StatusChip workflow={FOLLOW_UP_WORKFLOW} status={record.status} />} />
        <DateField source="receivedAt" label="Received" showTime />
        <TextField source="firstName" label="First name" />
        <TextField source="lastName" label="Last name" />
        <EmailField source="email" />
        <TextField source="phone" />
        <FunctionField<ContactMessage> label="Language on the site" render={(record) => SITE_LANGUAGE_NAMES[record.language]} />
        <TextField source="message" sx={{ whiteSpace: 'pre-wrap' }} />
        <TextField source="id" label="ID" />
        <DateField source="lastUpdated" label="Last updated" showTime emptyText="—" />
        <Labeled label="History">
          <FollowUpHistory />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
