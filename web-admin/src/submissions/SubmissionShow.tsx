import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  BooleanField,
  DateField,
  DeleteButton,
  EmailField,
  FunctionField,
  Labeled,
  Show,
  TabbedShowLayout,
  TextField,
  TopToolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
} from 'react-admin';
import {
  Box,
  Button,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import { answerOf, type AutoBestDataProvider } from '../dataProvider';
import { FollowUpPanel, type StaffCommand } from '../follow-ups/FollowUpPanel';
import { StatusChip } from '../follow-ups/StatusChip';
import { SUBMISSION_WORKFLOW } from '../follow-ups/workflow';
import { DELETE_CONFIRMATION } from './SubmissionList';
import { formatKm, formatNaira } from './format';
import type { SubmissionRecord } from '@autobest/domain/submissions/contracts';
import type { NairaAmount } from '@autobest/domain/submissions';
import { toMajor } from '@autobest/domain/money';
import { SITE_LANGUAGE_NAMES } from '@autobest/domain/languages';
import type { SubmissionKindInfo } from '@autobest/domain/submissions/kinds';
import { RequestMessages } from '../ui/RequestMessages';

function Photos() {
  const record = useRecordContext<SubmissionRecord>();
  if (!record) return null;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
      {record.photos.map((photo) => (
        <figure key={photo.slot} style={{ margin: 0 }}>
          {photo.url && photo.thumbnailUrl ? (
            <a href={photo.url} target="_blank" rel="noreferrer" aria-label={`${photo.label}: open full size`}>
              <img src={photo.thumbnailUrl} alt={photo.label} loading="lazy" style={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 4 }} />
            </a>
          ) : (
            <Box sx={{ aspectRatio: '4 / 3', borderRadius: 1, bgcolor: 'action.hover', display: 'grid', placeItems: 'center' }}>
              <Typography variant="body2" color={photo.state === 'unreadable' ? 'error' : 'text.secondary'}>
                {photo.state === 'unreadable' ? 'Could not be read' : 'Being processed…'}
              </Typography>
            </Box>
          )}
          <figcaption>
            <Typography variant="caption">{photo.label}</Typography>
          </figcaption>
        </figure>
      ))}
    </Box>
  );
}

/** The value staff give the request (offered or estimated), saved with the panel's command. */
function ValueEditor({ config, command }: { config: SubmissionKindInfo; command: StaffCommand }) {
  const record = useRecordContext<SubmissionRecord>();
  const dataProvider = useDataProvider<AutoBestDataProvider>();
  const notify = useNotify();
  const [value, setValue] = useState<string>(record?.[config.valueField]?.toString() ?? '');
  if (!record) return null;
  const parsedValue = value.trim() === '' ? null : Number(value.replace(/[,\s₦]/g, ''));
  const valueInvalid =
    parsedValue !== null && (!Number.isFinite(parsedValue) || parsedValue < 0 || (config.wholeNaira && !Number.isInteger(parsedValue)));
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
      <MuiTextField
        size="small"
        label={`${config.valueLabel} (₦)`}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={valueInvalid}
        helperText={valueInvalid ? (config.wholeNaira ? 'Enter a whole number of naira' : 'Enter an amount in naira') : 'Empty means not set'}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <Button
        variant="contained"
        disabled={command.busy || valueInvalid}
        onClick={() =>
          command.run(async () => {
            answerOf(await dataProvider.setOffer(config.resource, record.id, parsedValue, record.version));
            notify(`${config.valueLabel} saved`, { type: 'success' });
          })
        }
      >
        Save value
      </Button>
    </Stack>
  );
}

const EVENT_LABELS: Record<string, string> = {
  SellCarSubmitted: 'Request submitted',
  TradeInSubmitted: 'Request submitted',
  SubmissionStatusChanged: 'Status changed',
  SubmissionOfferedValueSet: 'Offered value set',
  SubmissionEstimatedValueSet: 'Estimated value set',
  SubmissionNoteAdded: 'Note added',
  SubmissionWhatsAppReplyReceived: 'Reply on WhatsApp',
  SubmissionDeleted: 'Deleted',
  SubmissionPhotosProcessed: 'Photos processed',
  SubmissionPhotosErased: 'Photo files erased',
};

function describe(type: string, data: Record<string, unknown>): string {
  if (type === 'SubmissionStatusChanged') return `${String(data['from'])} → ${String(data['to'])}`;
  if (type === 'SubmissionOfferedValueSet' || type === 'SubmissionEstimatedValueSet') {
    const amount = (data['offeredValue'] ?? data['estimatedValue']) as NairaAmount | null;
    return amount ? formatNaira(toMajor(amount)) : 'cleared';
  }
  if (type === 'SubmissionNoteAdded') return String(data['text']);
  if (type === 'SubmissionWhatsAppReplyReceived') return `+${String(data['phone'])}: ${String(data['text'])}`;
  if (type === 'SubmissionPhotosProcessed') {
    const photos = data['photos'] as Array<{ state: string; label: string }>;
    const unreadable = photos.filter((photo) => photo.state === 'unreadable').map((photo) => photo.label);
    return unreadable.length === 0 ? `${photos.length} ready` : `could not be read: ${unreadable.join(', ')}`;
  }
  return '';
}

function History({ resource }: { resource: string }) {
  const record = useRecordContext<SubmissionRecord>();
  const dataProvider = useDataProvider<AutoBestDataProvider>();
  const { data, isPending, error } = useQuery({
    queryKey: [resource, record?.id, 'history', record?.version],
    queryFn: async () => answerOf(await dataProvider.getHistory(resource, record!.id)),
    enabled: Boolean(record),
  });
  if (isPending) return <Typography>Loading history...</Typography>;
  if (error) return <Typography color="error">Could not load the history.</Typography>;
  return (
    <List dense>
      {data?.map((entry) => (
        <ListItem key={entry.id} disableGutters>
          <ListItemText
            primary={`${EVENT_LABELS[entry.type] ?? entry.type}${describe(entry.type, entry.data) ? `: ${describe(entry.type, entry.data)}` : ''}`}
            secondary={`${new Date(entry.at).toLocaleString('en-NG')} · ${entry.by}`}
          />
        </ListItem>
      ))}
    </List>
  );
}

/** Photos are re-encoded by a worker after the request arrives: while any is still being processed the page asks again every two seconds, so staff who open a request the moment it lands see its photos appear without reloading. */
const PHOTO_POLL_MS = 2_000;
const photoPollInterval = ({ state }: { state: { data?: SubmissionRecord } }) =>
  state.data?.photos.some((photo) => photo.state === 'processing') ? PHOTO_POLL_MS : false;

export function makeSubmissionShow(config: SubmissionKindInfo) {
  return function SubmissionShow() {
    return (
      <Show
        resource={config.resource}
        queryOptions={{ refetchInterval: photoPollInterval }}
        actions={
          <TopToolbar>
            <DeleteButton mutationMode="pessimistic" confirmTitle="Delete submission" confirmContent={DELETE_CONFIRMATION} />
          </TopToolbar>
        }
      >
        <TabbedShowLayout>
          <TabbedShowLayout.Tab label="Customer Details">
            <TextField source="id" label="ID" />
            <DateField source="submittedAt" label="Submitted" showTime />
            <TextField source="fullName" label="Full name" />
            <EmailField source="email" />
            <TextField source="phoneNumber" label="Phone" />
            <FunctionField<SubmissionRecord> label="Language on the site" render={(record) => SITE_LANGUAGE_NAMES[record.language]} />
            <FunctionField<SubmissionRecord> label="Status" render={(record) => <StatusChip workflow={SUBMISSION_WORKFLOW} status={record.status} />} />
            <FunctionField<SubmissionRecord> label={config.valueLabel} render={(record) => formatNaira(record[config.valueField])} />
            <DateField source="lastUpdated" label="Last updated" showTime emptyText="—" />
          </TabbedShowLayout.Tab>
          <TabbedShowLayout.Tab label="Vehicle Info">
            <TextField source="make" />
            <TextField source="model" />
            <TextField source="year" />
            <FunctionField<SubmissionRecord> label="Odometer" render={(record) => formatKm(record.odometer)} />
            <TextField source="fuelType" label="Fuel type" />
            <TextField source="transmission" />
            <TextField source="vin" label="VIN" emptyText="—" />
            <TextField source="knownIssues" label="Known issues" emptyText="—" sx={{ whiteSpace: 'pre-wrap' }} />
            <BooleanField source="underFinance" label="Under finance" />
            <TextField source="askingPrice" label="Asking price (₦)" emptyText="—" />
          </TabbedShowLayout.Tab>
          <TabbedShowLayout.Tab label="Images">
            <Labeled label="Photos (click for full size)">
              <Photos />
            </Labeled>
          </TabbedShowLayout.Tab>
          <TabbedShowLayout.Tab label="Manage">
            <FollowUpPanel resource={config.resource} noun="submission" workflow={SUBMISSION_WORKFLOW} picker="select">
              {(command) => <ValueEditor config={config} command={command} />}
            </FollowUpPanel>
          </TabbedShowLayout.Tab>
          <TabbedShowLayout.Tab label="History">
            <History resource={config.resource} />
          </TabbedShowLayout.Tab>
          <TabbedShowLayout.Tab label="Messages">
            <RequestMessages />
          </TabbedShowLayout.Tab>
        </TabbedShowLayout>
      </Show>
    );
  };
}
