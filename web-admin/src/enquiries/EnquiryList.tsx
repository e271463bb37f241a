import { DateField, EmailField, FunctionField, SearchInput, SelectInput, TextField } from 'react-admin';
import { ENQUIRY_KIND_LABELS } from '@autobest/domain/enquiries/kinds';
import type { Enquiry } from '@autobest/domain/enquiries/contracts';
import { FollowUpList, statusColumn, statusFilter } from '../follow-ups/FollowUpList';
import { KIND_CHOICES } from './choices';
import { dateFilters } from '../ui/dateFilters';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search name, phone, email, subject, details" />,
  <SelectInput key="kind" source="kind" label="Kind" choices={KIND_CHOICES} alwaysOn />,
  statusFilter,
  ...dateFilters,
];

export function EnquiryList() {
  return (
    <FollowUpList resource="enquiries" sortField="receivedAt" filters={filters} countsLabel="Enquiry counts" empty="No enquiries found">
      <DateField source="receivedAt" label="Received" showTime />
      <FunctionField<Enquiry> label="Kind" sortBy="kind" render={(record) => ENQUIRY_KIND_LABELS[record.kind]} />
      <TextField source="subject" />
      <TextField source="fullName" label="Name" />
      <TextField source="phone" sortable={false} />
      <EmailField source="email" emptyText="—" />
      {statusColumn}
    </FollowUpList>
  );
}
