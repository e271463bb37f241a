import { Datagrid, DateField, FunctionField, List, NumberField, SearchInput, SelectInput, TextField } from 'react-admin';
import { EMAIL_STATUS_LABELS, EMAIL_STATUSES, type OutboxEmail } from '@autobest/domain/emails/contracts';
import { EmailStatusChip } from './EmailStatusChip';

const STATUS_CHOICES = EMAIL_STATUSES.map((status) => ({ id: status, name: EMAIL_STATUS_LABELS[status] }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search recipient, subject, request id" />,
  <SelectInput key="status" source="status" label="Status" choices={STATUS_CHOICES} alwaysOn />,
];

/** Every email the product sends: what went, what waits for the mail server, and what failed and why. */
export function EmailList() {
  return (
    <List sort={{ field: 'createdAt', order: 'DESC' }} filters={filters} exporter={false} empty={false}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="createdAt" label="Recorded" showTime />
        <FunctionField<OutboxEmail> label="Status" sortBy="status" render={(record) => <EmailStatusChip status={record.status} />} />
        <TextField source="to" label="To" />
        <TextField source="subject" sortable={false} />
        <NumberField source="attempts" />
        <TextField source="lastError" label="Last error" sortable={false} emptyText="—" sx={{ display: 'block', maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} />
        <DateField source="sentAt" label="Sent" showTime emptyText="—" />
        <TextField source="relatedId" label="Request" sortable={false} emptyText="—" />
      </Datagrid>
    </List>
  );
}
