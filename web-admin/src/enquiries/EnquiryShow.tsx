import { DateField, EmailField, FunctionField, Labeled, TextField, useRecordContext } from 'react-admin';
import { Typography } from '@mui/material';
import { ENQUIRY_KIND_LABELS } from '@autobest/domain/enquiries/kinds';
import type { Enquiry } from '@autobest/domain/enquiries/contracts';
import { FollowUpShow } from '../follow-ups/FollowUpShow';
import { NameValueTable } from '../ui/NameValueTable';

function Details() {
  const record = useRecordContext<Enquiry>();
  const entries = Object.entries(record?.details ?? {});
  if (entries.length === 0) return <Typography variant="body2">—</Typography>;
  return <NameValueTable rows={entries.map(([name, value]) => [name, String(value)] as const)} maxWidth={520} />;
}

export function EnquiryShow() {
  return (
    <FollowUpShow resource="enquiries" noun="enquiry">
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
    </FollowUpShow>
  );
}
