import { useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useCanAccess, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { Button, FormControl, InputLabel, List, ListItem, ListItemText, MenuItem, Select, Stack, Typography } from '@mui/material';
import { FOLLOW_UP_STATUS_LABELS } from '@autobest/domain/followUps/statuses';
import type { FollowUpFields } from '@autobest/domain/followUps/contracts';
import { AccessDenied, answerOf, type AutoBestDataProvider } from '../dataProvider';
import { Notes, type Note } from '../ui/Notes';
import { statusChoices, type StatusWorkflow } from './workflow';

type FollowedUp = FollowUpFields & { id: string };
type Worked<Status extends string> = { id: string; status: Status; version: number; notes: Note[] };

const errorMessage = (error: unknown, noun: string, fallback: string) => {
  const { status, body } = error as { status?: number; body?: { error?: string } };
  if (status === 409 && body?.error === 'conflict') return `Someone else changed this ${noun} a moment ago. The page has been reloaded: check it and try again.`;
  return error instanceof Error && error.message ? error.message : fallback;
};

/** A staff command from the panel: the page reloads after it, and a failure is told in the panel's words. */
export interface StaffCommand {
  busy: boolean;
  run(action: () => Promise<unknown>): void;
}

/** Moves the record to the status picked from the workflow's list, with "Update status". */
function StatusSelect<Status extends string>({ workflow, current, busy, changeTo }: { workflow: StatusWorkflow<Status>; current: Status; busy: boolean; changeTo(status: Status): void }) {
  const [status, setStatus] = useState<Status>(current);
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <FormControl size="small" sx={{ minWidth: 180 }}>
        <InputLabel id="status-label">Status</InputLabel>
        <Select labelId="status-label" label="Status" value={status} onChange={(event) => setStatus(event.target.value as Status)}>
          {statusChoices(workflow).map((choice) => (
            <MenuItem key={choice.id} value={choice.id}>
              {choice.name}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <Button variant="contained" disabled={busy || !workflow.isAllowedMove(current, status)} onClick={() => changeTo(status)}>
        Update status
      </Button>
    </Stack>
  );
}

/**
 * How staff work a request, for every followed-up area: move its status as the area's workflow allows (a button per
 * status it can reach, "Mark contacted", or a list of them and "Update status"), whatever the area adds (`children`,
 * given the panel's command), and notes. The version they saw goes with each, so a stale page gets a 409 instead of
 * overwriting someone else's change.
 */
export function FollowUpPanel<Status extends string>({
  resource,
  noun,
  workflow,
  picker,
  children,
}: {
  resource: string;
  /** What staff call one record, in messages ("enquiry"). */
  noun: string;
  workflow: StatusWorkflow<Status>;
  picker: 'buttons' | 'select';
  children?: (command: StaffCommand) => ReactNode;
}) {
  const record = useRecordContext<Worked<Status>>();
  const dataProvider = useDataProvider<AutoBestDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  // Only someone whose role may change requests sees the controls that do (the server refuses the others anyway).
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
  const command: StaffCommand = { busy: run.isPending, run: (action) => run.mutate(action) };
  const changeTo = (status: Status) =>
    run.mutate(async () => {
      answerOf(await dataProvider.changeStatus(resource, record.id, status, record.version));
      notify(picker === 'buttons' ? `Marked ${workflow.labels[status].toLowerCase()}` : `${noun.charAt(0).toUpperCase()}${noun.slice(1)} status updated successfully`, { type: 'success' });
    });
  // The buttons are for the statuses a move can reach (never back to new: no "Mark new").
  const reachable = workflow.statuses.filter((to) => workflow.statuses.some((from) => workflow.isAllowedMove(from, to)));
  return (
    <Stack spacing={3} sx={{ maxWidth: 640, my: 1 }}>
      {picker === 'buttons' ? (
        <Stack direction="row" spacing={2}>
          {reachable.map((status) => (
            <Button key={status} variant="contained" disabled={run.isPending || !workflow.isAllowedMove(record.status, status)} onClick={() => changeTo(status)}>
              Mark {workflow.labels[status].toLowerCase()}
            </Button>
          ))}
        </Stack>
      ) : (
        <StatusSelect workflow={workflow} current={record.status} busy={run.isPending} changeTo={changeTo} />
      )}
      {children?.(command)}
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
