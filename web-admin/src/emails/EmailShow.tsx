import { DateField, FunctionField, NumberField, Show, SimpleShowLayout, TextField } from 'react-admin';
import type { OutboxEmail } from '@autobest/domain/emails/contracts';
import { answerOf } from '../dataProvider';
import { OutboxRetryButton } from '../OutboxRetryButton';
import { EmailStatusChip } from './EmailStatusChip';

export function EmailShow() {
  return (
    <Show>
      <SimpleShowLayout>
        {/* A failed email goes back to the outbox with a new round of attempts, e.g. once its address works again. */}
        <OutboxRetryButton resource="emails" noun="email" send={async (dataProvider, id) => answerOf(await dataProvider.retryEmail(id))} />
        <FunctionField<OutboxEmail> label="Status" render={(record) => <EmailStatusChip status={record.status} />} />
        <NumberField source="attempts" />
        <TextField source="lastError" label="Last error (the mail server's answer)" emptyText="—" />
        <DateField source="nextAttemptAt" label="Next attempt" showTime emptyText="—" />
        <DateField source="createdAt" label="Recorded" showTime />
        <DateField source="sentAt" label="Sent" showTime emptyText="—" />
        <TextField source="to" label="To" />
        <TextField source="subject" />
        <TextField source="template" />
        <TextField source="transport" emptyText="—" />
        <TextField source="messageId" label="Message-ID" emptyText="—" />
        <TextField source="relatedId" label="Request" emptyText="—" />
        {/* The plain-text part: shown as text, so nothing an owner typed can run here. */}
        <TextField source="text" label="Message" sx={{ whiteSpace: 'pre-wrap' }} />
      </SimpleShowLayout>
    </Show>
  );
}
