import { DateField, FunctionField, NumberField, Show, SimpleShowLayout, TextField, useRecordContext } from 'react-admin';
import { Button } from '@mui/material';
import type { OutboxEmail } from '@autobest/domain/emails/contracts';
import { answerOf } from '../dataProvider';
import { useRecordCommand } from '../useRecordCommand';
import { EmailStatusChip } from './EmailStatusChip';

/** A failed email goes back to the outbox with a new round of attempts, e.g. once its address works again. */
function RetryButton() {
  const record = useRecordContext<OutboxEmail>();
  const { mayRun: mayRetry, command: retry } = useRecordCommand({
    resource: 'emails',
    action: 'retry',
    send: async (dataProvider, id: string) => answerOf(await dataProvider.retryEmail(id)),
    done: () => ({ message: 'The email is being sent again', type: 'success' }),
    failure: 'Could not retry the email. Please try again.',
  });
  if (record?.status !== 'failed' || !mayRetry) return null;
  return (
    <Button variant="contained" disabled={retry.isPending} onClick={() => retry.mutate(record.id)}>
      Retry
    </Button>
  );
}

export function EmailShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <RetryButton />
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
