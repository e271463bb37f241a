import { Stack, Typography } from '@mui/material';
import { Datagrid, DateField, FunctionField, Labeled, ReferenceManyField, TextField, useCanAccess } from 'react-admin';
import type { OutboxEmail } from '@autobest/domain/emails/contracts';
import type { OutboxWhatsAppMessage } from '@autobest/domain/whatsapp';
import { EmailStatusChip } from '../emails/EmailStatusChip';
import { WhatsAppStatusChip } from '../whatsapp-messages/WhatsAppStatusChip';

const none = <Typography variant="body2">None</Typography>;

/**
 * What the product sent about the request in context, its emails beside its WhatsApp messages (the two outboxes'
 * rows whose relatedId is the record's id), oldest first, with their status; only for those who may read the outboxes.
 */
export function RequestMessages() {
  const { canAccess } = useCanAccess({ resource: 'emails', action: 'list' });
  if (canAccess !== true) return null;
  return (
    <Stack direction={{ xs: 'column', lg: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
      <Labeled label="Emails">
        <ReferenceManyField reference="emails" target="relatedId" sort={{ field: 'createdAt', order: 'ASC' }} perPage={50}>
          <Datagrid bulkActionButtons={false} rowClick="show" empty={none}>
            <DateField source="createdAt" label="Recorded" showTime />
            <TextField source="to" label="To" />
            <TextField source="subject" />
            <FunctionField<OutboxEmail> label="Status" render={(email) => <EmailStatusChip status={email.status} />} />
          </Datagrid>
        </ReferenceManyField>
      </Labeled>
      <Labeled label="WhatsApp">
        <ReferenceManyField reference="whatsapp-messages" target="relatedId" sort={{ field: 'createdAt', order: 'ASC' }} perPage={50}>
          <Datagrid bulkActionButtons={false} rowClick={false} empty={none}>
            <DateField source="createdAt" label="Recorded" showTime />
            <TextField source="to" label="To" />
            <TextField source="template" />
            <FunctionField<OutboxWhatsAppMessage> label="Status" render={(message) => <WhatsAppStatusChip status={message.status} />} />
            <DateField source="statusAt" label="Since" showTime emptyText="—" />
          </Datagrid>
        </ReferenceManyField>
      </Labeled>
    </Stack>
  );
}
