import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { Datagrid, DateField, List, NumberField, NumberInput, SelectInput, TextField, TextInput, required } from 'react-admin';
import { PRICE_CURRENCY_CODES } from '@autobest/domain/money';
import { formPages } from '../ui/formPages';
import { RateHistory } from './RateHistory';

const CURRENCY_CHOICES = PRICE_CURRENCY_CODES.map((code) => ({ id: code, name: code }));
const filters = [<TextInput key="country" source="country" label="Country (NG, GH, KE)" alwaysOn />];

function DestinationChargeList() {
  return (
    <List sort={{ field: 'country', order: 'ASC' }} filters={filters} exporter={false}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="country" />
        <TextField source="city" />
        <TextField source="currency" />
        <NumberField source="clearing" />
        <NumberField source="port" label="Port and terminal" />
        <NumberField source="delivery" />
        <DateField source="updatedAt" showTime />
        <TextField source="updatedBy" emptyText="—" />
      </Datagrid>
    </List>
  );
}

function DestinationChargeInputs() {
  return (
    <>
      <TextInput source="country" validate={required()} helperText="ISO code: NG, GH, KE" />
      <TextInput source="city" validate={required()} />
      <SelectInput source="currency" choices={CURRENCY_CHOICES} validate={required()} />
      <NumberInput source="clearing" label="Clearing agent" min={0} validate={required()} />
      <NumberInput source="port" label="Port and terminal charges" min={0} validate={required()} />
      <NumberInput source="delivery" label="Delivery to the city" min={0} validate={required()} />
      <TextInput source="source" validate={required()} fullWidth />
      <TextInput source="notes" multiline fullWidth />
    </>
  );
}


export default { list: DestinationChargeList, ...formPages({ inputs: DestinationChargeInputs, history: <RateHistory /> }), icon: LocalShippingIcon };
