import EventSeatIcon from '@mui/icons-material/EventSeat';
import { Datagrid, DateField, List, SearchInput, TextField } from 'react-admin';

function ReservationList() {
  return (
    <List sort={{ field: 'requestedAt', order: 'DESC' }} filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Search vehicle, name, phone" />]} exporter={false}>
      <Datagrid bulkActionButtons={false}>
        <DateField source="requestedAt" label="Requested" showTime />
        <TextField source="vehicleName" label="Vehicle" />
        <TextField source="name" />
        <TextField source="phone" />
      </Datagrid>
    </List>
  );
}

export default { list: ReservationList, icon: EventSeatIcon };
