import GavelIcon from '@mui/icons-material/Gavel';
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  ArrayInput,
  CloneButton,
  Create,
  Datagrid,
  DateField,
  DateInput,
  FunctionField,
  Labeled,
  List,
  NumberField,
  Show,
  SimpleForm,
  SimpleFormIterator,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
  required,
  useDataProvider,
  useRecordContext,
} from 'react-admin';
import { Button, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField as MuiTextField, Typography } from '@mui/material';
import type { QuoteAnswer, TariffVersionRecord } from '@autobest/domain/landedCost/contracts';
import { formatMoney, fromMajor, type PriceCurrency } from '@autobest/domain/money';
import { answerOf, type AutoBestDataProvider } from '../dataProvider';
import { useNotifyFailure } from '../useNotifyFailure';
import { BaseTermsInput } from './BaseTermsInput';
import { percent } from './percent';
import { RATE_RULE_CLASS, RateRuleInput } from './RateRuleInput';

type RateRule = TariffVersionRecord['lines'][number]['rate'];

/** A line's rate as staff read it. */
function describeRate(rule: RateRule): string {
  switch (rule.kind) {
    case 'flat':
      return percent(rule.rate);
    case 'byVehicleClass':
      return `passenger cars ${percent(rule.rates.passenger)}, goods vehicles ${percent(rule.rates.goods)}`;
    case 'byEngineCc':
      return `${rule.bands.map((band) => (band.upToCc === null ? `above: ${percent(band.rate)}` : `up to ${band.upToCc} cc: ${percent(band.rate)}`)).join(', ')}; electric ${percent(rule.electric)}`;
  }
}

const filters = [<TextInput key="country" source="country" label="Country (NG, GH, KE)" alwaysOn />];

function TariffVersionList() {
  return (
    <List sort={{ field: 'createdAt', order: 'DESC' }} filters={filters} exporter={false}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="country" />
        <NumberField source="version" />
        <TextField source="effectiveDate" />
        <FunctionField<TariffVersionRecord> label="In force" render={(record) => (record.inForce ? <Chip size="small" color="success" label="In force" /> : null)} />
        <TextField source="source" />
        <FunctionField<TariffVersionRecord> label="Lines" render={(record) => record.lines.map((line) => line.key).join(', ')} />
        <DateField source="createdAt" showTime />
        <TextField source="createdBy" emptyText="seed" />
      </Datagrid>
    </List>
  );
}

function TariffLines() {
  const record = useRecordContext<TariffVersionRecord>();
  if (!record) return null;
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>Key</TableCell>
          <TableCell>Line</TableCell>
          <TableCell>Base</TableCell>
          <TableCell>Rate</TableCell>
          <TableCell>Source</TableCell>
          <TableCell>Notes</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {record.lines.map((line) => (
          <TableRow key={line.key}>
            <TableCell>{line.key}</TableCell>
            <TableCell>{line.label}</TableCell>
            <TableCell>{line.base.join(' + ')}</TableCell>
            <TableCell>{describeRate(line.rate)}</TableCell>
            <TableCell>
              {line.source} ({line.sourceDate})
            </TableCell>
            <TableCell sx={{ maxWidth: 360 }}>{line.notes}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** What this version gives a chosen vehicle, before or after it is in force. */
function Preview() {
  const record = useRecordContext<TariffVersionRecord>();
  const dataProvider = useDataProvider<AutoBestDataProvider>();
  const notifyFailure = useNotifyFailure();
  const [vehicleId, setVehicleId] = useState('');
  const preview = useMutation({
    mutationFn: async () => answerOf(await dataProvider.previewTariff(record!.id, vehicleId.trim())),
    onError: (error) => notifyFailure(error, 'Could not compute the preview. Please try again.'),
  });
  if (!record) return null;
  const quote: QuoteAnswer | undefined = preview.data;
  const money = (amount: number) => formatMoney(fromMajor(amount, quote!.currency as PriceCurrency), { locale: 'en-NG', currencyDisplay: 'code' });
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <MuiTextField size="small" label="Vehicle id" value={vehicleId} onChange={(event) => setVehicleId(event.target.value)} placeholder="chery-tiggo-7-pro-luxury-2025" />
        <Button variant="outlined" disabled={!vehicleId.trim() || preview.isPending} onClick={() => preview.mutate()}>
          Preview
        </Button>
      </Stack>
      {quote && (
        <Table size="small" aria-label="Preview">
          <TableBody>
            {quote.lines.map((line) => (
              <TableRow key={line.key}>
                <TableCell>{line.label}</TableCell>
                <TableCell>{line.rate === undefined ? '' : `${percent(line.rate)} of ${money(line.base!)}`}</TableCell>
                <TableCell align="right">{money(line.amount)}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell>
                <strong>Total</strong>
              </TableCell>
              <TableCell>
                at {quote.rates.perUsd} {quote.currency} per USD ({quote.rates.source})
              </TableCell>
              <TableCell align="right">
                <strong>{money(quote.total)}</strong>
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      )}
      {quote && quote.assumptions.length > 0 && <Typography variant="body2">Assumed: {quote.assumptions.join('; ')}</Typography>}
    </Stack>
  );
}

const TariffVersionShow = () => (
  <Show
    actions={
      <TopToolbar>
        {/* A version is never changed: the next one starts from a copy of this one. */}
        <CloneButton label="New version from this one" />
      </TopToolbar>
    }
  >
    <SimpleShowLayout>
      <TextField source="country" />
      <NumberField source="version" />
      <TextField source="effectiveDate" />
      <TextField source="source" />
      <TextField source="notes" />
      <Labeled label="Lines" fullWidth>
        <TariffLines />
      </Labeled>
      <Labeled label="Preview on a vehicle" fullWidth>
        <Preview />
      </Labeled>
    </SimpleShowLayout>
  </Show>
);

/**
 * A line's inputs side by side, wrapping when narrow; its rate rule on a row of its own. A line's (or band's) remove
 * and move buttons show while the keyboard is in it, not only under the mouse, so Tab reaches them.
 */
const LINE_LAYOUT = {
  '& .RaSimpleFormIterator-line:focus-within > .RaSimpleFormIterator-action': { visibility: 'visible' },
  '& .RaSimpleFormIterator-form': { flexWrap: 'wrap' },
  '& .RaSimpleFormIterator-form > *': { flex: '1 1 10em', minWidth: '10em' },
  [`& .RaSimpleFormIterator-form > .${RATE_RULE_CLASS}`]: { flexBasis: '100%' },
};

const TariffVersionCreate = () => (
  <Create redirect="show">
    <SimpleForm>
      <Typography variant="body2">
        A new version applies to quotes from its effective date, which must come after the country&apos;s latest version. Quotes already sent keep the version they used. Rates are percentages: 7.5 for 7.5%.
      </Typography>
      <TextInput source="country" validate={required()} helperText="ISO code: NG, GH, KE" />
      <DateInput source="effectiveDate" validate={required()} />
      <TextInput source="source" validate={required()} fullWidth />
      <TextInput source="notes" multiline fullWidth />
      <ArrayInput source="lines">
        <SimpleFormIterator inline sx={LINE_LAYOUT}>
          <TextInput source="key" validate={required()} helperText="duty, vat, ..." />
          <TextInput source="label" validate={required()} />
          <BaseTermsInput />
          <RateRuleInput />
          <TextInput source="source" validate={required()} />
          <DateInput source="sourceDate" validate={required()} />
          <TextInput source="notes" />
        </SimpleFormIterator>
      </ArrayInput>
    </SimpleForm>
  </Create>
);

export default { list: TariffVersionList, show: TariffVersionShow, create: TariffVersionCreate, icon: GavelIcon };
