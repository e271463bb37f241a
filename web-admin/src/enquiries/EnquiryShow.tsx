import { useMutation } from '@tanstack/react-query';
import { DateField, EmailField, FunctionField, Labeled, Show, SimpleShowLayout, TextField, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { Button, List, ListItem, ListItemText, Stack, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { ENQUIRY_KIND_LABELS, ENQUIRY_STATUS_LABELS, type EnquiryStatus } from '@autobest/domain/enquiries/kinds';
import { AccessDenied, answerOf, type AutoBestDataProvider } from '../dataProvider';
import { EnquiryStatusChip } from './EnquiryStatusChip';
import type { Enquiry } from '@autobest/domain/enquiries/contracts';

const errorMessage = (error: unknown) => {
  if ((error as { status?: number }).status === 409) return 'Someone else changed this enquiry a moment ago. The page has been reloaded: check it and try again.';
  return error instanceof Error && error.message ? error.message : 'Could not change the status. Please try again.';
};

/** Staff work an enquiry by marking it contacted, then closed; the version they saw guards against a stale page. */
function StatusButtons() {
  const record = useRecordContext<Enquiry>();
  const dataProvider = useDataProvider<AutoBestDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const change = useMutation({
    mutationFn: async (status: EnquiryStatus) => answerOf(await dataProvider.changeStatus('enquiries', record!.id, status, record!.version)),
    onSuccess: (_answer, status) => {
      notify(`Marked ${ENQUIRY_STATUS_LABELS[status].toLowerCase()}`, { type: 'success' });
      refresh();
    },
    onError: (error) => {
      // The authProvider has already dealt with it (sign-in page or "not authorized").
      if (!(error instanceof AccessDenied)) notify(errorMessage(error), { type: 'error' });
      refresh();
    },
  });
  if (!record) return null;
  return (
    <Stack direction="row" spacing={2}>
      {(['contacted', 'closed'] as const).map((status) => (
        <Button key={status} variant="contained" disabled={change.isPending || record.status === status} onClick={() => change.mutate(status)}>
          Mark {ENQUIRY_STATUS_LABELS[status].toLowerCase()}
        </Button>
      ))}
    </Stack>
  );
}

function Details() {
  const record = useRecordContext<Enquiry>();
  const entries = Object.entries(record?.details ?? {});
  if (entries.length === 0) return <Typography variant="body2">—</Typography>;
  return (
    <Table size="small" sx={{ maxWidth: 520 }}>
      <TableBody>
        {entries.map(([name, value]) => (
          <TableRow key={name}>
            <TableCell component="th" scope="row">
              {name}
            </TableCell>
            <TableCell>{String(value)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function History() {
  const record = useRecordContext<Enquiry>();
  if (!record || record.history.length === 0) return <Typography variant="body2">No status changes yet.</Typography>;
  return (
    <List dense disablePadding>
      {record.history.map((change, index) => (
        <ListItem key={index} disableGutters>
          <ListItemText
            primary={`${ENQUIRY_STATUS_LABELS[change.from]} → ${ENQUIRY_STATUS_LABELS[change.to]}`}
            secondary={`${new Date(change.at).toLocaleString('en-NG')} · ${change.by ?? 'staff'}`}
          />
        </ListItem>
      ))}
    </List>
  );
}

export function EnquiryShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <StatusButtons />
        <FunctionField<Enquiry> label="Status" render={(record) => <EnquiryStatusChip status={record.status} />} />
        <DateField source="receivedAt" label="Received" showTime />
        <FunctionField<Enquiry> label="Kind" render={(record) => ENQUIRY_KIND_LABELS[record.kind]} />
        <TextField source="subject" />
        <TextField source="fullName" label="Name" />
        <TextField source="phone" />
        <EmailField source="email" emptyText="—" />
        <TextField source="preferredDate" label="Preferred date" emptyText="—" />
        <TextField source="message" emptyText="—" sx={{ whiteSpace: 'pre-wrap' }} />
        <Labeled label="Details">
          <Details />
        </Labeled>
        <TextField source="sourcePath" label="Sent from page" emptyText="—" />
        <TextField source="id" label="ID" />
        <DateField source="lastUpdated" label="Last updated" showTime emptyText="—" />
        <Labeled label="History">
          <History />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
