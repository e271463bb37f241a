import { useMutation } from '@tanstack/react-query';
import { DateField, FunctionField, NumberField, Show, SimpleShowLayout, TextField, useCanAccess, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { Button } from '@mui/material';
import type { OutboxEmail } from '@autobest/domain/emails/contracts';
import { AccessDenied, answerOf, type AutoBestDataProvider } from '../dataProvider';
import { EmailStatusChip } from './EmailStatusChip';

/** A failed email goes back to the outbox with a new round of attempts, e.g. once its address works again. */
function RetryButton() {
  const record = useRecordContext<OutboxEmail>();
  const dataProvider = useDataProvider<AutoBestDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { canAccess: mayRetry } = useCanAccess({ resource: 'emails', action: 'retry' });
  const retry = useMutation({
    mutationFn: async (id: string) => answerOf(await dataProvider.retryEmail(id)),
    onSuccess: () => {
      notify('The email is being sent again', { type: 'success' });
      refresh();
    },
    onError: (error) => {
      // The authProvider has already dealt with it (sign-in page or "not authorized").
      if (!(error instanceof AccessDenied)) notify(error instanceof Error && error.message ? error.message : 'Could not retry the email. Please try again.', { type: 'error' });
      refresh();
    },
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
