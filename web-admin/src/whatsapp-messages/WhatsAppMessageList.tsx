import { Datagrid, DateField, FunctionField, List, NumberField, SearchInput, SelectInput, TextField } from 'react-admin';
import { WHATSAPP_MESSAGE_STATUSES, WHATSAPP_STATUS_LABELS, type OutboxWhatsAppMessage } from '@autobest/domain/whatsapp';
import { answerOf } from '../dataProvider';
import { OutboxRetryButton } from '../OutboxRetryButton';
import { WhatsAppStatusChip } from './WhatsAppStatusChip';

const STATUS_CHOICES = WHATSAPP_MESSAGE_STATUSES.map((status) => ({ id: status, name: WHATSAPP_STATUS_LABELS[status] }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search phone, message id, request id" />,
  <SelectInput key="status" source="status" label="Status" choices={STATUS_CHOICES} alwaysOn />,
];

/** Every WhatsApp message the product sends (issue 41): to whom, about which request, and what became of it. */
export function WhatsAppMessageList() {
  return (
    <List sort={{ field: 'createdAt', order: 'DESC' }} filters={filters} exporter={false} empty={false}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <DateField source="createdAt" label="Recorded" showTime />
        <TextField source="to" label="To" />
        <TextField source="relatedId" label="Request" sortable={false} emptyText="—" />
        <TextField source="template" />
        <TextField source="language" sortable={false} />
        <FunctionField<OutboxWhatsAppMessage>
          label="Status"
          sortBy="status"
          render={(record) => <WhatsAppStatusChip status={record.status} />}
        />
        <DateField source="statusAt" label="Since" showTime sortable={false} emptyText="—" />
        <NumberField source="attempts" />
        <TextField source="lastError" label="API's answer" sortable={false} emptyText="—" sx={{ display: 'block', maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} />
        <TextField source="waMessageId" label="Message id" sortable={false} emptyText="—" sx={{ display: 'block', maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} />
        {/* A failed message goes back to the outbox with a new round of attempts, as an email's Retry does. */}
        <OutboxRetryButton resource="whatsapp-messages" noun="WhatsApp message" size="small" send={async (dataProvider, id) => answerOf(await dataProvider.retryWhatsAppMessage(id))} />
      </Datagrid>
    </List>
  );
}
