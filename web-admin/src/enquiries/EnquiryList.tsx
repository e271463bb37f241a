import { Datagrid, DateField, EmailField, FunctionField, List, SearchInput, SelectInput, TextField } from 'react-admin';
import { ENQUIRY_KIND_LABELS } from '@autobest/domain/enquiries/kinds';
import { EnquiryStatusChip } from './EnquiryStatusChip';
import type { Enquiry } from '@autobest/domain/enquiries/contracts';
import { KIND_CHOICES, STATUS_CHOICES } from './choices';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search name, phone, email, subject, details" />,
  <SelectInput key="kind" source="kind" label="Kind" choices={KIND_CHOICES} alwaysOn />,
  <SelectInput key="status" source="status" label="Status" choices={STATUS_CHOICES} alwaysOn />,
];

export function EnquiryList() {
  return (
    <List sort={{ field: 'receivedAt', order: 'DESC' }} filters={filters} perPage={25} exporter={false} empty={false}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="receivedAt" label="Received" showTime />
        <FunctionField<Enquiry> label="Kind" sortBy="kind" render={(record) => ENQUIRY_KIND_LABELS[record.kind]} />
        <TextField source="subject" />
        <TextField source="fullName" label="Name" />
        <TextField source="phone" sortable={false} />
        <EmailField source="email" emptyText="—" />
        <FunctionField<Enquiry> label="Status" sortBy="status" render={(record) => <EnquiryStatusChip status={record.status} />} />
      </Datagrid>
    </List>
  );
}
