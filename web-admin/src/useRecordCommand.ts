import { useMutation } from '@tanstack/react-query';
import { useCanAccess, useDataProvider, useNotify, useRefresh, type NotificationType } from 'react-admin';
import type { AutoBestDataProvider } from './dataProvider';
import { useNotifyFailure } from './useNotifyFailure';

/**
 * A staff command on a record (hide an article, fetch a feed now, retry an email): whether the person's role may send
 * it (`action` on `resource`; the server refuses the others anyway), and the mutation that sends it, says how it went
 * and reloads the page, after a failure too, since a stale page is a common reason for one.
 */
export function useRecordCommand<Variables, Answer>({
  resource,
  action,
  send,
  done,
  failure,
}: {
  resource: string;
  action: string;
  send(dataProvider: AutoBestDataProvider, variables: Variables): Promise<Answer>;
  /** The notification once it worked. */
  done(variables: Variables): { message: string; type: NotificationType };
  /** What a failure says when the API gave no sentence. */
  failure: string;
}) {
  const dataProvider = useDataProvider<AutoBestDataProvider>();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const refresh = useRefresh();
  const { canAccess } = useCanAccess({ resource, action });
  const command = useMutation({
    mutationFn: (variables: Variables) => send(dataProvider, variables),
    onSuccess: (_answer, variables) => {
      const { message, type } = done(variables);
      notify(message, { type });
      refresh();
    },
    onError: (error) => {
      notifyFailure(error, failure);
      refresh();
    },
  });
  return { mayRun: canAccess === true, command };
}
