import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CanAccess, Title, useDataProvider, useNotify } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { answerOf, type AutoBestDataProvider } from '../dataProvider';
import { useNotifyFailure } from '../useNotifyFailure';
import { RowTable } from '../ui/RowTable';
import type { CollectionVariant } from '@autobest/domain/inventory/adminContracts';

const NUMBER_FIELDS = ['fobPriceUSD', 'maxTorque', 'length', 'width', 'height', 'wheelbase', 'curbWeight', 'seatingCapacity'] as const;
const TEXT_FIELDS = ['priceSource', 'engineType', 'displacement', 'power', 'transmission', 'drivetrain', 'fuelType', 'fuelConsumption', 'evRange', 'mpg', 'infotainmentSystem', 'qaComments'] as const;
const LIST_FIELDS = ['adasFeatures', 'keyFeatures'] as const;
const IMAGE_VIEWS = ['front', 'sideLeft', 'sideRight', 'rear', 'dashboard'] as const;
const LABELS: Record<string, string> = {
  fobPriceUSD: 'FOB price (USD)', maxTorque: 'Max torque (Nm)', length: 'Length (mm)', width: 'Width (mm)', height: 'Height (mm)', wheelbase: 'Wheelbase (mm)',
  curbWeight: 'Curb weight (kg)', seatingCapacity: 'Seats', priceSource: 'Price source URL', engineType: 'Engine type', displacement: 'Displacement', power: 'Power',
  transmission: 'Transmission', drivetrain: 'Drivetrain', fuelType: 'Fuel type', fuelConsumption: 'Fuel consumption', evRange: 'EV range', mpg: 'MPG',
  infotainmentSystem: 'Infotainment system', qaComments: 'QA comments', adasFeatures: 'ADAS features (comma separated)', keyFeatures: 'Key features (comma separated)',
  front: 'Front image URL', sideLeft: 'Left side image URL', sideRight: 'Right side image URL', rear: 'Rear image URL', dashboard: 'Dashboard image URL',
};
const BADGE = { Done: 'success', WIP: 'warning', Pending: 'default' } as const;

function RecordDialog({ variant, onClose }: { variant: CollectionVariant; onClose(): void }) {
  const dataProvider = useDataProvider<AutoBestDataProvider>();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const queryClient = useQueryClient();
  const initial = variant.record ?? {};
  const [values, setValues] = useState<Record<string, string>>(() => {
    const form: Record<string, string> = {};
    for (const field of [...NUMBER_FIELDS, ...TEXT_FIELDS]) form[field] = initial[field] === null || initial[field] === undefined ? '' : String(initial[field]);
    for (const field of LIST_FIELDS) form[field] = Array.isArray(initial[field]) ? (initial[field] as string[]).join(', ') : '';
    const images = (initial['images'] ?? {}) as Record<string, string>;
    for (const view of IMAGE_VIEWS) form[view] = images[view] ?? '';
    return form;
  });
  const [verified, setVerified] = useState({ dataVerified: Boolean(initial['dataVerified']), imagesVerified: Boolean(initial['imagesVerified']) });
  const [saved, setSaved] = useState(variant);

  const payload = () => ({
    ...Object.fromEntries(NUMBER_FIELDS.map((field) => [field, values[field]!.trim() === '' ? null : Number(values[field])])),
    ...Object.fromEntries(TEXT_FIELDS.map((field) => [field, values[field]!])),
    ...Object.fromEntries(LIST_FIELDS.map((field) => [field, values[field]!.split(',').map((item) => item.trim()).filter(Boolean)])),
    images: Object.fromEntries(IMAGE_VIEWS.map((view) => [view, values[view]!.trim()])),
    ...verified,
    expectedVersion: saved.version,
  });
  const onError = (error: Error) => notifyFailure(error, 'Failed');
  // What is sent is taken when Save is clicked: the mutation's own options catch up with the form only after render.
  const save = useMutation({
    mutationFn: async (record: object) => answerOf(await dataProvider.saveCollectedRecord(saved.variantId, record)),
    onSuccess: async (record) => {
      setSaved(record);
      notify('Record saved', { type: 'success' });
      await queryClient.invalidateQueries();
    },
    onError,
  });
  const publish = useMutation({
    mutationFn: async () => answerOf(await dataProvider.publishCollectedRecord(saved.variantId)),
    onSuccess: async ({ vehicleId }) => {
      notify(`Published to inventory as ${vehicleId}`, { type: 'success' });
      await queryClient.invalidateQueries();
    },
    onError,
  });
  const busy = save.isPending || publish.isPending;
  const field = (name: string) => (
    <TextField key={name} size="small" label={LABELS[name]} value={values[name]} onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))} sx={{ minWidth: 220, flex: '1 1 220px' }} />
  );
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>
        {variant.year} {variant.brand} {variant.model} {variant.variant} <Chip size="small" label={saved.status} color={BADGE[saved.status]} />
      </DialogTitle>
      <DialogContent>
        {saved.issues.length > 0 ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {saved.issues.join('; ')}
          </Alert>
        ) : null}
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mt: 1 }}>
          {[...NUMBER_FIELDS, ...TEXT_FIELDS, ...LIST_FIELDS, ...IMAGE_VIEWS].map(field)}
        </Stack>
        <FormControlLabel control={<Checkbox checked={verified.dataVerified} onChange={(event) => setVerified((current) => ({ ...current, dataVerified: event.target.checked }))} />} label="Data verified" />
        <FormControlLabel control={<Checkbox checked={verified.imagesVerified} onChange={(event) => setVerified((current) => ({ ...current, imagesVerified: event.target.checked }))} />} label="Images verified" />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button disabled={busy || saved.status !== 'Done'} onClick={() => publish.mutate()}>
          Publish to inventory
        </Button>
        <Button variant="contained" disabled={busy} onClick={() => save.mutate(payload())}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Vehicle Data Collection: progress, the catalogue's variants by status and by brand, exports, editing, publishing. */
export function DataCollection() {
  const [tab, setTab] = useState(0);
  const [editing, setEditing] = useState<CollectionVariant | null>(null);
  const dataProvider = useDataProvider<AutoBestDataProvider>();
  const { data, isPending, error } = useQuery({ queryKey: ['data-collection'], queryFn: async () => answerOf(await dataProvider.getDataCollection()) });
  if (isPending) return <LinearProgress aria-label="Loading data collection" />;
  if (error || !data) return <Alert severity="error">Could not load the data collection: {error?.message}</Alert>;
  const { summary, variants } = data;
  const brands = [...new Set(variants.map((variant) => variant.brand))];
  return (
    <Box sx={{ p: 2 }}>
      <Title title="Vehicle Data Collection" />
      <Typography>
        {summary.done} of {summary.total} variants completed · {summary.wip} in progress · {summary.pending} pending
      </Typography>
      <LinearProgress variant="determinate" value={(summary.done / summary.total) * 100} aria-label="Collection progress" sx={{ my: 1, height: 8, borderRadius: 4 }} />
      <Stack direction="row" spacing={2} sx={{ my: 2 }}>
        <Button variant="outlined" href="/api/admin/data-collection/export.csv">
          Export CSV
        </Button>
        <Button variant="outlined" href="/api/admin/data-collection/qa-report.txt">
          QA Report
        </Button>
      </Stack>
      <Tabs value={tab} onChange={(_event, value: number) => setTab(value)} aria-label="Data collection views">
        <Tab label="Collection Overview" />
        <Tab label="By Brand" />
        <Tab label="Instructions" />
      </Tabs>
      {tab === 0 ? (
        <RowTable
          label="Variants"
          rows={variants}
          rowKey={(variant) => variant.variantId}
          columns={[
            { heading: 'Variant', cell: (variant) => `${variant.year} ${variant.brand} ${variant.model} ${variant.variant}` },
            { heading: 'Status', cell: (variant) => <Chip size="small" label={variant.status} color={BADGE[variant.status]} /> },
            { heading: 'Checks', cell: (variant) => (variant.status === 'Pending' ? '—' : variant.issues.length === 0 ? 'All checks pass' : `${variant.issues.length} to fix`) },
            {
              cell: (variant) => (
                <CanAccess resource="vehicle-data-collection" action="edit">
                  <Button size="small" onClick={() => setEditing(variant)} aria-label={`Edit ${variant.variantId}`}>
                    {variant.record ? 'Edit' : 'Collect'}
                  </Button>
                </CanAccess>
              ),
            },
          ]}
        />
      ) : null}
      {tab === 1 ? (
        <RowTable
          label="By brand"
          rows={brands}
          rowKey={(brand) => brand}
          columns={[
            { heading: 'Brand', cell: (brand) => brand },
            ...(['Done', 'WIP', 'Pending'] as const).map((status) => ({
              heading: status,
              cell: (brand: string) => variants.filter((variant) => variant.brand === brand && variant.status === status).length,
            })),
          ]}
        />
      ) : null}
      {tab === 2 ? (
        <Box sx={{ mt: 2, maxWidth: 720 }}>
          <Typography sx={{ mb: 2 }}>Collect each variant's FOB price from auto-in-china.com and keep the page address as the price source.</Typography>
          <Typography sx={{ mb: 2 }}>Fill in the engine, max torque, transmission, fuel type and the five dimensions; every number must be positive.</Typography>
          <Typography sx={{ mb: 2 }}>Add five images (front, left side, right side, rear, dashboard): at least 800x600, no watermark, each an HTTPS address that answers HTTP 200. Check a 10% visual sample.</Typography>
          <Typography sx={{ mb: 2 }}>Tick Data verified and Images verified when the record is checked: it is then Done and can be published to the inventory.</Typography>
        </Box>
      ) : null}
      {editing ? <RecordDialog key={editing.variantId} variant={editing} onClose={() => setEditing(null)} /> : null}
    </Box>
  );
}
