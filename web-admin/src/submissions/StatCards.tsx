import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useDataProvider } from 'react-admin';
import { answerOf, type AutoBestDataProvider } from '../dataProvider';

/** The four count cards: total, pending, reviewed, finalized. */
export function StatCards({ resource }: { resource: string }) {
  const dataProvider = useDataProvider<AutoBestDataProvider>();
  const { data, isPending, error } = useQuery({
    queryKey: [resource, 'stats'],
    queryFn: async () => answerOf(await dataProvider.getStats(resource)),
  });
  const cards = [
    { label: 'Total', value: data?.total },
    { label: 'Pending', value: data?.pending },
    { label: 'Reviewed', value: data?.reviewed },
    { label: 'Finalized', value: data?.finalized },
  ];
  return (
    <Stack direction="row" spacing={2} sx={{ my: 2, flexWrap: 'wrap' }} role="group" aria-label="Submission counts">
      {cards.map((card) => (
        <Card key={card.label} sx={{ minWidth: 140 }}>
          <CardContent>
            <Typography variant="body2" color="text.secondary">
              {card.label}
            </Typography>
            <Typography variant="h5" component="p">
              {error ? '—' : isPending ? '…' : card.value}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
