import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CanAccess, Title, useDataProvider, useNotify } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControl,
  InputLabel,
  LinearProgress,
  MenuItem,
  Select,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { answerOf, type AutoBestDataProvider } from '../dataProvider';
import { useNotifyFailure } from '../useNotifyFailure';
import { CountCards } from '../ui/CountCards';
import { RowTable } from '../ui/RowTable';

const TABS = [
  { label: 'Overview', kinds: null },
  { label: 'Image QA', kinds: ['images'] },
  { label: 'Data Consistency', kinds: ['price', 'duplicate', 'specifications'] },
  { label: 'Features & Tags', kinds: ['features'] },
] as const;

const FIXES = [
  { id: 'set-price-to-median', label: 'Set price to the model median' },
  { id: 'mark-out-of-stock', label: 'Mark out of stock' },
  { id: 'delist', label: 'Delist' },
];

/** Inventory QA computed from the real catalogue: cards, completion, tabs, report export and bulk fixes. */
export function InventoryQa() {
  const dataProvider = useDataProvider<AutoBestDataProvider>();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [fix, setFix] = useState(FIXES[0]!.id);
  const { data, isPending, error } = useQuery({ queryKey: ['inventory-qa'], queryFn: async () => answerOf(await dataProvider.getInventoryQa()) });
  // The selection and the fix are taken when the button is clicked, as the person sees them.
  const apply = useMutation({
    mutationFn: async (request: { ids: string[]; fix: string }) => answerOf(await dataProvider.applyQaFix(request.ids, request.fix)),
    onSuccess: async (result) => {
      notify(`Updated ${result.updated} vehicles${result.skipped.length ? `; skipped ${result.skipped.length}` : ''}`, { type: result.skipped.length ? 'warning' : 'success' });
      setSelected(new Set());
      await queryClient.invalidateQueries();
    },
    onError: (failure) => notifyFailure(failure, 'Bulk update failed'),
  });

  const kinds = TABS[tab]!.kinds;
  const shown = (data?.vehicles ?? []).filter((vehicle) => !kinds || vehicle.issues.some((issue) => (kinds as readonly string[]).includes(issue.kind)));
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  if (isPending) return <LinearProgress aria-label="Loading inventory QA" />;
  if (error || !data) return <Alert severity="error">Could not load inventory QA: {error?.message}</Alert>;
  return (
    <Box sx={{ p: 2 }}>
      <Title title="Inventory QA" />
      <CountCards
        cards={[
          { label: 'Total vehicles', value: data.summary.total },
          { label: 'Complete', value: data.summary.complete },
          { label: 'Need review', value: data.summary.needReview },
          { label: 'Critical', value: data.summary.critical },
        ]}
      />
      <Typography variant="body2">Completion: {data.summary.completionPercent}%</Typography>
      <LinearProgress variant="determinate" value={data.summary.completionPercent} aria-label="Completion" sx={{ mb: 2, height: 8, borderRadius: 4 }} />
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<DownloadIcon />} href="/api/admin/inventory-qa/report.txt">
          Export QA Report
        </Button>
        <CanAccess resource="inventory-qa" action="edit">
          <FormControl size="small" sx={{ minWidth: 260 }}>
            <InputLabel id="fix-label">Fix</InputLabel>
            <Select labelId="fix-label" label="Fix" value={fix} onChange={(event) => setFix(event.target.value)}>
              {FIXES.map((option) => (
                <MenuItem key={option.id} value={option.id}>
                  {option.label}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Button variant="contained" disabled={selected.size === 0 || apply.isPending} onClick={() => apply.mutate({ ids: [...selected], fix })}>
            Bulk Update ({selected.size})
          </Button>
        </CanAccess>
      </Stack>
      <Tabs value={tab} onChange={(_event, value: number) => setTab(value)} aria-label="QA views">
        {TABS.map((entry) => (
          <Tab key={entry.label} label={entry.label} />
        ))}
      </Tabs>
      {tab === 3 ? (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, my: 2 }}>
          {data.featureTags.map((tag) => (
            <Chip key={tag.name} label={`${tag.name} (${tag.count})`} />
          ))}
        </Stack>
      ) : null}
      {shown.length === 0 ? (
        <Typography sx={{ mt: 2 }}>No vehicles with issues here.</Typography>
      ) : (
        <RowTable
          label="Vehicles with issues"
          rows={shown}
          rowKey={(vehicle) => vehicle.id}
          columns={[
            {
              checkbox: true,
              cell: (vehicle) => <Checkbox checked={selected.has(vehicle.id)} onChange={() => toggle(vehicle.id)} slotProps={{ input: { 'aria-label': `Select ${vehicle.id}` } }} />,
            },
            {
              heading: 'Vehicle',
              cell: (vehicle) => (
                <>
                  {vehicle.year} {vehicle.name}
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {vehicle.id}
                  </Typography>
                </>
              ),
            },
            {
              heading: 'Health',
              cell: (vehicle) => <Chip size="small" color={vehicle.health === 'Critical' ? 'error' : 'warning'} label={vehicle.priority ? `${vehicle.health} · ${vehicle.priority}` : vehicle.health} />,
            },
            { heading: 'Issues', cell: (vehicle) => vehicle.issues.map((issue) => issue.message).join('; ') },
          ]}
        />
      )}
    </Box>
  );
}
