import { Datagrid, DateField, EmailField, FunctionField, List, SearchInput, TextField } from 'react-admin';
import type { ContactMessage } from '@autobest/domain/contact/contracts';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search" />];
const excerpt = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

export function ContactMessageList() {
  return (
    <List sort={{ field: 'receivedAt', order: 'DESC' }} filters={filters} perPage={25} empty={false}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="receivedAt" label="Received" showTime />
        <FunctionField<ContactMessage> label="Name" sortBy="lastName" render={(record) => `${record.firstName} ${record.lastName}`} />
        <EmailField source="email" />
        <TextField source="phone" sortable={false} />
        <FunctionField<ContactMessage> label="Message" sortable={false} render={(record) => excerpt(record.message)} />
      </Datagrid>
    </List>
  );
}
