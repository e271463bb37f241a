import DirectionsBoatIcon from '@mui/icons-material/DirectionsBoat';
import { Datagrid, DateField, FunctionField, List, NumberInput, SelectInput, TextField, TextInput, required } from 'react-admin';
import { VEHICLE_SIZES } from '@autobest/domain/landedCost/kinds';
import type { FreightRateRecord } from '@autobest/domain/landedCost/contracts';
import { formatMoney, fromMajor } from '@autobest/domain/money';
import { percent } from './percent';
import { PercentInput } from './PercentInput';
import { formPages } from '../ui/formPages';
import { RateHistory } from './RateHistory';
import { shareProblem } from './rateRule';

const SIZE_CHOICES = VEHICLE_SIZES.map((size) => ({ id: size, name: size }));
const filters = [<TextInput key="country" source="country" label="Country (NG, GH, KE)" alwaysOn />, <SelectInput key="vehicleSize" source="vehicleSize" choices={SIZE_CHOICES} alwaysOn />];

function FreightRateList() {
  return (
    <List sort={{ field: 'country', order: 'ASC' }} filters={filters} exporter={false}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="country" />
        <TextField source="originPort" />
        <TextField source="destinationPort" />
        <TextField source="vehicleSize" />
        <FunctionField<FreightRateRecord> label="Freight (USD)" sortBy="freightUsd" textAlign="right" render={(record) => formatMoney(fromMajor(record.freightUsd, 'USD'), { fractionDigits: 'minor' })} />
        <FunctionField<FreightRateRecord> label="Marine insurance (of FOB + freight)" render={(record) => percent(record.insuranceRate)} />
        <DateField source="updatedAt" showTime />
        <TextField source="updatedBy" emptyText="—" />
      </Datagrid>
    </List>
  );
}

function FreightRateInputs() {
  return (
    <>
      <TextInput source="country" validate={required()} helperText="ISO code: NG, GH, KE" />
      <TextInput source="originPort" defaultValue="Shanghai" validate={required()} />
      <TextInput source="destinationPort" validate={required()} />
      <SelectInput source="vehicleSize" choices={SIZE_CHOICES} validate={required()} helperText="small: sedans, hatchbacks; medium: SUVs, crossovers; large: pickups, vans, minivans" />
      <NumberInput source="freightUsd" label="Freight per vehicle (USD)" min={0} validate={required()} />
      <PercentInput source="insuranceRate" label="Marine insurance (% of FOB + freight)" validate={[required(), shareProblem]} helperText="1.5 for 1.5%" />
      <TextInput source="source" validate={required()} fullWidth helperText="Where the figure comes from (a shipping line's quote, its date)" />
      <TextInput source="notes" multiline fullWidth />
    </>
  );
}


export default { list: FreightRateList, ...formPages({ inputs: FreightRateInputs, history: <RateHistory /> }), icon: DirectionsBoatIcon };
