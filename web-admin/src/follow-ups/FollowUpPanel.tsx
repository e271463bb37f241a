import { useMutation } from '@tanstack/react-query';
import { useCanAccess, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { Button, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { FOLLOW_UP_STATUS_LABELS, isAllowedFollowUpMove, type FollowUpStatus } from '@autobest/domain/followUp/statuses';
import type { FollowUpFields } from '@autobest/domain/followUp/contracts';
import { AccessDenied, answerOf, type AutoBestDataProvider } from '../dataProvider';
import { Notes } from '../ui/Notes';

type FollowedUp = FollowUpFields & { id: string };

const errorMessage = (error: unknown, noun: string, fallback: string) => {
  const { status, body } = error as { status?: number; body?: { error?: string } };
  if (status === 409 && body?.error === 'conflict') return `Someone else changed this ${noun} a moment ago. The page has been reloaded: check it and try again.`;
  return error instanceof Error && error.message ? error.message : fallback;
};

/**
 * How staff work a request: mark it contacted, then closed (a closed one can be reopened as contacted), and keep notes.
 * The version they saw goes with each, so a stale page gets a 409 instead of overwriting someone else's change.
 */
export function FollowUpPanel({ resource, noun }: { resource: string; noun: string }) {
  const record = useRecordContext<FollowedUp>();
  const dataProvider = useDataProvider<AutoBestDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  // Only someone whose role may change requests sees the buttons that do (the server refuses the others anyway).
  const { canAccess: mayChange } = useCanAccess({ resource, action: 'edit' });
  const run = useMutation({
    mutationFn: (action: () => Promise<unknown>) => action(),
    onSuccess: () => refresh(),
    onError: (error) => {
      // The authProvider has already dealt with it (sign-in page or "not authorized").
      if (!(error instanceof AccessDenied)) notify(errorMessage(error, noun, 'Could not save the change. Please try again.'), { type: 'error' });
      refresh();
    },
  });
  if (!record) return null;
  if (!mayChange) return <Notes notes={record.notes} busy={false} onAdd={undefined} />;
  const changeTo = (status: FollowUpStatus) =>
    run.mutate(async () => {
      answerOf(await dataProvider.changeStatus(resource, record.id, status, record.version));
      notify(`Marked ${FOLLOW_UP_STATUS_LABELS[status].toLowerCase()}`, { type: 'success' });
    });
  return (
    <Stack spacing={3} sx={{ maxWidth: 640, my: 1 }}>
      <Stack direction="row" spacing={2}>
        {(['contacted', 'closed'] as const).map((status) => (
          <Button key={status} variant="contained" disabled={run.isPending || !isAllowedFollowUpMove(record.status, status)} onClick={() => changeTo(status)}>
            Mark {FOLLOW_UP_STATUS_LABELS[status].toLowerCase()}
          </Button>
        ))}
      </Stack>
      <Notes
        notes={record.notes}
        busy={run.isPending}
        onAdd={(text, clear) =>
          run.mutate(async () => {
            answerOf(await dataProvider.addNote(resource, record.id, text, record.version));
            clear();
            notify('Note added', { type: 'success' });
          })
        }
      />
    </Stack>
  );
}

/** Who changed the status, from what to what, and when; oldest first. */
export function FollowUpHistory() {
  const record = useRecordContext<FollowedUp>();
  if (!record || record.history.length === 0) return <Typography variant="body2">No status changes yet.</Typography>;
  return (
    <List dense disablePadding>
      {record.history.map((change, index) => (
        <ListItem key={index} disableGutters>
          <ListItemText
            primary={`${FOLLOW_UP_STATUS_LABELS[change.from]} → ${FOLLOW_UP_STATUS_LABELS[change.to]}`}
            secondary={`${new Date(change.at).toLocaleString('en-NG')} · ${change.by ?? 'staff'}`}
          />
        </ListItem>
      ))}
    </List>
  );
}
