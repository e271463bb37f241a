import { useRecordContext, type Identifier } from 'react-admin';
import { Button } from '@mui/material';
import type { AutoBestDataProvider } from './dataProvider';
import { useRecordCommand } from './useRecordCommand';

/**
 * Retry on a failed row of an outbox (an email, a WhatsApp message): back to the outbox with a new round of attempts.
 * Shown only on a failed one, to those who may change the resource.
 */
export function OutboxRetryButton({ resource, noun, send, size = 'medium' }: {
  resource: string;
  /** 'email', 'WhatsApp message': as the notices say it. */
  noun: string;
  send(dataProvider: AutoBestDataProvider, id: Identifier): Promise<unknown>;
  size?: 'small' | 'medium';
}) {
  const record = useRecordContext<{ id: Identifier; status: string }>();
  const { mayRun: mayRetry, command: retry } = useRecordCommand({
    resource,
    action: 'retry',
    send,
    done: () => ({ message: `The ${noun} is being sent again`, type: 'success' }),
    failure: `Could not retry the ${noun}. Please try again.`,
  });
  if (record?.status !== 'failed' || !mayRetry) return null;
  return (
    <Button size={size} variant="contained" disabled={retry.isPending} onClick={() => retry.mutate(record.id)}>
      Retry
    </Button>
  );
}
