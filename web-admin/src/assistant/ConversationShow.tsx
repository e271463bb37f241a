import { DateField, FunctionField, Labeled, Link, Loading, NumberField, TextField, useCreatePath, useRecordContext } from 'react-admin';
import { alpha, Box, Button, Link as Anchor, Stack, Typography } from '@mui/material';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { SITE_LANGUAGE_NAMES } from '@autobest/domain/languages';
import type { ChatCitation, ConversationRecord, ConversationTranscriptMessage } from '@autobest/domain/assistant/contracts';
import { describeContext } from '@autobest/domain/assistant/replies';
import { FollowUpShow } from '../follow-ups/FollowUpShow';
import { NameValueTable } from '../ui/NameValueTable';
import { ENGINE_LABELS, ENTRY_LABELS, FALLBACK_LABELS, FILTER_SLOT_LABELS, formatBudget, STAGE_LABELS, USAGE_LABELS, VEHICLE_TYPE_LABELS } from './choices';

const dateTime = (iso: string) => new Date(iso).toLocaleString('en-NG');
const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** The storefront's page of a vehicle (the API serves the storefront on the same origin as the console). */
const storefrontVehiclePath = (id: string) => `/vehicles/${encodeURIComponent(id)}`;

/** What Tara understood: the conversation state the buyer saw and could correct. */
function Understood() {
  const record = useRecordContext<ConversationRecord>();
  if (!record) return null;
  const { preferredVehicleType, usage, budget, bodyType, fuel, drive, seats, minRangeKm, condition, minYear, location, make, priority } = record.context;
  const or = <T,>(value: T | null, write: (value: T) => string) => (value === null ? '—' : write(value));
  // Every slot Tara fills (issue 40): what the buyer said adds up; an empty slot is one they have not named.
  const rows: Array<[string, string]> = [
    ['Vehicle type', preferredVehicleType ? VEHICLE_TYPE_LABELS[preferredVehicleType] : '—'],
    ['Usage', usage ? USAGE_LABELS[usage] : '—'],
    ['Budget', formatBudget(budget)],
    ['Body type', bodyType ? VEHICLE_TYPE_LABELS[bodyType] : '—'],
    ['Fuel', or(fuel, String)],
    ['Drive', drive ? '4x4 / AWD' : '—'],
    ['Seats', or(seats, (count) => `${count} or more`)],
    ['Electric range', or(minRangeKm, (km) => `${km} km or more`)],
    ['Condition', or(condition, String)],
    ['Year', or(minYear, (year) => `${year} or newer`)],
    ['Make', or(make, String)],
    ['City', or(location, String)],
    ['Priority', priority === 'economy' ? 'Fuel economy' : priority === 'luxury' ? 'Luxury' : '—'],
  ];
  return <NameValueTable rows={rows} maxWidth={420} />;
}

/** Each vehicle Tara showed: its record in the console and its page on the storefront. */
function VehiclesShown() {
  const record = useRecordContext<ConversationRecord>();
  const createPath = useCreatePath();
  if (!record) return null;
  if (record.vehiclesShown.length === 0) return <Typography variant="body2">No vehicles shown yet.</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {record.vehiclesShown.map((vehicle) => (
        <li key={vehicle.id}>
          <Typography variant="body2" component="span">
            <Link to={createPath({ resource: 'vehicles', id: vehicle.id, type: 'edit' })}>{vehicle.name}</Link>
            {' · '}
            <Anchor href={storefrontVehiclePath(vehicle.id)} {...NEW_TAB} aria-label={`${vehicle.name} on the storefront (opens in a new tab)`}>
              Storefront page
            </Anchor>
          </Typography>
        </li>
      ))}
    </Box>
  );
}

/** Who asked for a person and how to reach them; WhatsApp opens with the conversation's context filled in. */
function Lead() {
  const record = useRecordContext<ConversationRecord>();
  if (!record) return null;
  const { lead } = record;
  if (!lead) return <Typography variant="body2">No lead: the buyer has not asked for a person.</Typography>;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body1">{lead.name}</Typography>
      <Typography variant="body2">Phone: {lead.phone ? <Anchor href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`}>{lead.phone}</Anchor> : '—'}</Typography>
      <Typography variant="body2">Email: {lead.email ? <Anchor href={`mailto:${lead.email}`}>{lead.email}</Anchor> : '—'}</Typography>
      <Typography variant="body2">Asked for a person: {dateTime(lead.handedOffAt)}</Typography>
      {lead.whatsappUrl ? (
        <Button variant="contained" color="success" component="a" href={lead.whatsappUrl} {...NEW_TAB} startIcon={<WhatsAppIcon />}>
          Message on WhatsApp
        </Button>
      ) : (
        <Typography variant="body2" color="text.secondary">
          No phone number, so no WhatsApp link.
        </Typography>
      )}
    </Stack>
  );
}

/** A vehicle page or an address is a link; anything else (a rate snapshot) is named as it is. */
function Citation({ citation }: { citation: ChatCitation }) {
  const text = citation.label ?? citation.source;
  if (!citation.source.startsWith('/') && !/^https?:\/\//.test(citation.source)) return <>{text}</>;
  return (
    <Anchor href={citation.source} {...NEW_TAB}>
      {text}
    </Anchor>
  );
}

/** Under each of Tara's replies: which engine answered the turn (and why not the model, when it was tried, or which slots it read), and the slots after it. */
function Turn({ message }: { message: ConversationTranscriptMessage }) {
  if (!message.engine) return null;
  const understood = message.context ? describeContext(message.context, 'en') : '';
  return (
    <Typography variant="caption" component="div" color="text.secondary">
      Answered by: {ENGINE_LABELS[message.engine]}
      {message.fallback ? ` (${FALLBACK_LABELS[message.fallback]})` : null}
      {message.modelSlots ? ` · Read by the model: ${message.modelSlots.map((slot) => FILTER_SLOT_LABELS[slot]).join(', ')}` : null}
      {message.context ? <> · Understood after this turn: {understood || 'nothing yet'}</> : null}
    </Typography>
  );
}

/** The whole conversation as the buyer had it: the buyer on the right, Tara on the left, each with its time and sources, and each turn's engine and slots. */
function Transcript() {
  const record = useRecordContext<ConversationRecord>();
  if (!record) return null;
  if (record.transcript.length === 0) return <Typography variant="body2">No messages yet.</Typography>;
  return (
    <Box component="ol" aria-label="Transcript" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5, maxWidth: 760 }}>
      {record.transcript.map((message) => (
        <Box
          component="li"
          key={message.id}
          sx={{
            alignSelf: message.isUser ? 'flex-end' : 'flex-start',
            maxWidth: '80%',
            px: 2,
            py: 1,
            borderRadius: 2,
            bgcolor: (theme) => (message.isUser ? alpha(theme.palette.primary.main, 0.08) : theme.palette.background.paper),
            border: 1,
            borderColor: 'divider',
          }}
        >
          <Typography variant="caption" component="p" color="text.secondary">
            <strong>{message.isUser ? 'Buyer' : 'Tara'}</strong> · <time dateTime={message.timestamp}>{dateTime(message.timestamp)}</time>
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {message.content}
          </Typography>
          {message.citations?.length ? (
            <Typography variant="caption" component="div">
              Sources:{' '}
              {message.citations.map((citation, index) => (
                <span key={index}>
                  {index > 0 ? ', ' : null}
                  <Citation citation={citation} />
                </span>
              ))}
            </Typography>
          ) : null}
          <Turn message={message} />
        </Box>
      ))}
    </Box>
  );
}

export function ConversationShow() {
  return (
    <FollowUpShow resource="conversations" noun="conversation" loading={<Loading loadingPrimary="Loading the conversation" loadingSecondary="" />}>
      <Labeled label="Lead">
        <Lead />
      </Labeled>
      <Labeled label="What Tara understood">
        <Understood />
      </Labeled>
      <Labeled label="Vehicles shown">
        <VehiclesShown />
      </Labeled>
      <FunctionField<ConversationRecord> label="Stage" render={(record) => STAGE_LABELS[record.stage]} />
      <FunctionField<ConversationRecord> label="Language" render={(record) => SITE_LANGUAGE_NAMES[record.language]} />
      <TextField source="currency" />
      <FunctionField<ConversationRecord> label="Opened from" render={(record) => (record.entry ? ENTRY_LABELS[record.entry] : '—')} />
      <FunctionField<ConversationRecord> label="Topic" render={(record) => (record.topic ? VEHICLE_TYPE_LABELS[record.topic] : '—')} />
      <DateField source="startedAt" label="Started" showTime />
      <DateField source="lastMessageAt" label="Last message" showTime />
      <NumberField source="messageCount" label="Messages" />
      <Labeled label="Transcript" fullWidth>
        <Transcript />
      </Labeled>
    </FollowUpShow>
  );
}
