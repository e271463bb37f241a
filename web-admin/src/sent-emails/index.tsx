import EmailIcon from '@mui/icons-material/Outbox';
import { Datagrid, DateField, List, SearchInput, Show, SimpleShowLayout, TextField } from 'react-admin';

function SentEmailList() {
  return (
    <List sort={{ field: 'sentAt', order: 'DESC' }} filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Search recipient, subject, request id" />]} exporter={false}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="sentAt" label="Sent" showTime />
        <TextField source="to" label="To" />
        <TextField source="subject" />
        <TextField source="relatedId" label="Request" />
        <TextField source="transport" />
      </Datagrid>
    </List>
  );
}

function SentEmailShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <DateField source="sentAt" label="Sent" showTime />
        <TextField source="to" label="To" />
        <TextField source="subject" />
        <TextField source="template" />
        <TextField source="transport" />
        <TextField source="relatedId" label="Request" />
        {/* The plain-text part: shown as text, so nothing an owner typed can run here. */}
        <TextField source="text" label="Message" sx={{ whiteSpace: 'pre-wrap' }} />
      </SimpleShowLayout>
    </Show>
  );
}

export default { list: SentEmailList, show: SentEmailShow, icon: EmailIcon };
