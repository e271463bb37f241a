import EventSeatIcon from '@mui/icons-material/EventSeat';
import { AutocompleteInput, DateField, EmailField, FunctionField, ReferenceInput, SearchInput, TextField } from 'react-admin';
import { Link } from '@mui/material';
import { SITE_LANGUAGE_NAMES } from '@autobest/domain/languages';
import type { ReservationRequest } from '@autobest/domain/inventory/reservationContracts';
import { FollowUpList, statusColumn, statusFilter } from '../follow-ups/FollowUpList';
import { FollowUpShow } from '../follow-ups/FollowUpShow';
import { dateFilters } from '../ui/dateFilters';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search vehicle, name, phone, email" />,
  statusFilter,
  <ReferenceInput key="vehicleId" source="vehicleId" reference="vehicles" alwaysOn>
    <AutocompleteInput label="Vehicle" optionText="name" sx={{ minWidth: 260 }} />
  </ReferenceInput>,
  ...dateFilters,
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
    <FollowUpShow resource="reservation-requests" noun="reservation request" title="Reservation request">
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
    </FollowUpShow>
  );
}

export default { list: ReservationList, show: ReservationShow, icon: EventSeatIcon };
