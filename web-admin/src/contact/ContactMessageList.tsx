import { DateField, EmailField, FunctionField, SearchInput, TextField } from 'react-admin';
import type { ContactMessage } from '@autobest/domain/contact/contracts';
import { FollowUpList, statusColumn, statusFilter } from '../follow-ups/FollowUpList';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search name, email, phone, message" />, statusFilter];
const excerpt = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

export function ContactMessageList() {
  return (
    <FollowUpList resource="contact-messages" sortField="receivedAt" filters={filters} countsLabel="Contact message counts" empty="No contact messages found">
      <DateField source="receivedAt" label="Received" showTime />
      <FunctionField<ContactMessage> label="Name" sortBy="lastName" render={(record) => `${record.firstName} ${record.lastName}`} />
      <EmailField source="email" />
      <TextField source="phone" sortable={false} />
      <FunctionField<ContactMessage> label="Message" sortable={false} render={(record) => excerpt(record.message)} />
      {statusColumn}
    </FollowUpList>
  );
}
