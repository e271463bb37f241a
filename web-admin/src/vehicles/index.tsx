import CarRentalIcon from '@mui/icons-material/CarRental';
import {
  ArrayInput,
  BooleanInput,
  Datagrid,
  DeleteButton,
  EditButton,
  FunctionField,
  List,
  NumberField,
  NumberInput,
  SearchInput,
  SelectInput,
  SimpleFormIterator,
  TextField,
  TextInput,
  required,
} from 'react-admin';
import { PRICE_CURRENCY_CODES, formatMoney, fromMajor, type PriceCurrency } from '@autobest/domain/money';
import type { AdminVehicle } from '@autobest/domain/inventory/adminContracts';
import { ImageUploadButton } from './ImageUploadButton';
import { ListValueInput } from '../ui/ListValueInput';
import { VehicleRecordInputs, vehicleRecordOf } from './VehicleRecordInputs';
import { formPages } from '../ui/formPages';

const choices = (values: readonly string[]) => values.map((value) => ({ id: value, name: value }));
const CONDITIONS = [
  { id: 'new', name: 'New' },
  { id: 'used', name: 'Used' },
  { id: 'certified', name: 'Certified Pre-Owned' },
];
const CURRENCIES = choices(PRICE_CURRENCY_CODES);

function VehicleList() {
  return (
    <List
      sort={{ field: 'listedAt', order: 'DESC' }}
      filters={[
        <SearchInput key="q" source="q" alwaysOn placeholder="Search ID, name, brand, model, category" />,
        <ListValueInput key="brand" resource="vehicles" source="brand" values="make" label="Brand" />,
        <ListValueInput key="model" resource="vehicles" source="model" values="model" label="Model" makeSource="brand" />,
        <ListValueInput key="year" resource="vehicles" source="year" values="year" label="Year" />,
        <TextInput key="category" source="category" label="Category contains" />,
      ]}
      exporter={false}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" label="ID" />
        <TextField source="name" />
        <TextField source="brand" />
        <NumberField source="year" options={{ useGrouping: false }} />
        <TextField source="category" />
        <FunctionField<AdminVehicle>
          label="Price"
          sortBy="price"
          render={(record) => formatMoney(fromMajor(record.price, record.currency as PriceCurrency), { locale: 'en', fractionDigits: 'minor' })}
        />
        <EditButton />
        <DeleteButton mutationMode="pessimistic" label="Delist" confirmTitle="Delist vehicle" confirmContent="Buyers will no longer find this vehicle. Its history is kept." />
      </Datagrid>
    </List>
  );
}

/** The inputs for listing and editing: the API checks every rule again and names each failure. */
function VehicleInputs({ creating }: { creating: boolean }) {
  return (
    <>
      <TextInput source="id" label="Vehicle ID" validate={required('Vehicle ID is required')} disabled={!creating} />
      <TextInput source="name" validate={required('Vehicle name is required')} fullWidth />
      <TextInput source="subtitle" fullWidth />
      <TextInput source="description" multiline fullWidth />
      <TextInput source="brand" validate={required('Brand is required')} />
      <TextInput source="model" validate={required('Model is required')} />
      <NumberInput source="year" validate={required('Valid year (2020-2025) is required')} min={2020} max={2025} />
      <TextInput source="category" validate={required('Vehicle category is required')} helperText="e.g. SUV, Sedan, Electric SUV, Pickup Truck" />
      <NumberInput source="price" validate={required('Valid price is required')} min={0} />
      <SelectInput source="currency" choices={CURRENCIES} defaultValue="USD" />
      <SelectInput source="condition" choices={CONDITIONS} defaultValue="new" />
      <SelectInput source="fuelType" choices={choices(['petrol', 'diesel', 'hybrid', 'plug-in-hybrid', 'electric'])} defaultValue="petrol" />
      <SelectInput source="bodyType" choices={choices(['sedan', 'hatchback', 'coupe', 'suv', 'crossover', 'pickup', 'truck', 'minivan', 'van'])} defaultValue="suv" />
      <SelectInput source="transmission" choices={choices(['automatic', 'manual', 'cvt', 'dct', 'single-speed'])} defaultValue="automatic" />
      <NumberInput source="odometerKm" label="Odometer (km)" min={0} defaultValue={0} />
      <TextInput source="location.city" label="City" defaultValue="Lagos" />
      <TextInput source="location.country" label="Country" defaultValue="Nigeria" />
      <VehicleRecordInputs />
      <BooleanInput source="inStock" defaultValue />
      <BooleanInput source="isFeatured" />
      <ImageUploadButton />
      <ArrayInput source="images" validate={required('At least one image is required')}>
        <SimpleFormIterator inline>
          <TextInput source="url" label="Image URL" validate={required()} />
          <TextInput source="alt" label="Description" />
        </SimpleFormIterator>
      </ArrayInput>
      <ArrayInput source="specifications" validate={required('Vehicle specifications are required')}>
        <SimpleFormIterator inline>
          <TextInput source="name" validate={required()} />
          <TextInput source="value" validate={required()} />
          <TextInput source="category" defaultValue="General" />
        </SimpleFormIterator>
      </ArrayInput>
      <ArrayInput source="features">
        <SimpleFormIterator inline>
          <TextInput source="name" validate={required()} />
          <TextInput source="description" />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}

export default { list: VehicleList, ...formPages({ inputs: VehicleInputs, transform: vehicleRecordOf }), icon: CarRentalIcon };
