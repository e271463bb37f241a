import EventSeatIcon from '@mui/icons-material/EventSeat';
import { AutocompleteInput, DateField, EmailField, FunctionField, Labeled, ReferenceInput, SearchInput, Show, SimpleShowLayout, TextField } from 'react-admin';
import { Link } from '@mui/material';
import { SITE_LANGUAGE_NAMES } from '@autobest/domain/languages';
import type { ReservationRequest } from '@autobest/domain/inventory/reservationContracts';
import { FollowUpList, statusColumn, statusFilter } from '../follow-ups/FollowUpList';
import { FollowUpHistory, FollowUpPanel } from '../follow-ups/FollowUpPanel';
import { StatusChip } from '../follow-ups/StatusChip';
import { FOLLOW_UP_WORKFLOW } from '../follow-ups/workflow';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search vehicle, name, phone, email" />,
  statusFilter,
  <ReferenceInput key="vehicleId" source="vehicleId" reference="vehicles" alwaysOn>
    <AutocompleteInput label="Vehicle" optionText="name" sx={{ minWidth: 260 }} />
  </ReferenceInput>,
];

function ReservationList() {
  return (
    <FollowUpList resource="reservation-requests" title="Reservations" sortField="requestedAt" filters={filters} countsLabel="Reservation counts" empty="No reservation requests found">
      <DateField source="requestedAt" label="Requested" showTime />
      <TextField source="vehicleName" label="Vehicle" />
      <TextField source="name" />
      <TextField source="phone" sortable={false} />
      <EmailField source="email" sortable={false} emptyText="—" />
      {statusColumn}
    </FollowUpList>
  );
}

function ReservationShow() {
  return (
    <Show title="Reservation request">
      <SimpleShowLayout>
        <FollowUpPanel resource="reservation-requests" noun="reservation request" workflow={FOLLOW_UP_WORKFLOW} picker="buttons" />
        <FunctionField<ReservationRequest> label="Status" render={(record) => <StatusChip workflow={FOLLOW_UP_WORKFLOW} status={record.status} />} />
        <DateField source="requestedAt" label="Requested" showTime />
        <FunctionField<ReservationRequest>
          label="Vehicle"
          render={(record) => (
            <Link href={`/vehicle/${encodeURIComponent(record.vehicleId)}`} target="_blank" rel="noreferrer">
              {record.vehicleName} ({record.vehicleId})
            </Link>
          )}
        />
        <TextField source="name" />
        <TextField source="phone" />
        <EmailField source="email" emptyText="—" />
        <FunctionField<ReservationRequest> label="Language on the site" render={(record) => SITE_LANGUAGE_NAMES[record.language]} />
        <TextField source="id" label="ID" />
        <DateField source="lastUpdated" label="Last updated" showTime emptyText="—" />
        <Labeled label="History">
          <FollowUpHistory />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}

export default { list: ReservationList, show: ReservationShow, icon: EventSeatIcon };
