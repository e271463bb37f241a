import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useDataProvider } from 'react-admin';
import { answerOf, type AutoBestDataProvider } from '../dataProvider';

export interface CountCard {
  /** The field of the resource's `/stats` answer. */
  key: string;
  label: string;
}

/** The count cards above a list, from `/api/admin/{resource}/stats` (with the list's filter when given). */
export function CountCards({ resource, cards, label, filter }: { resource: string; cards: readonly CountCard[]; label: string; filter?: object }) {
  const dataProvider = useDataProvider<AutoBestDataProvider>();
  const { data, isPending, error } = useQuery({
    queryKey: [resource, 'stats', filter ?? null],
    queryFn: async () => answerOf(await dataProvider.getStats(resource, filter)),
  });
  return (
    <Stack direction="row" spacing={2} sx={{ my: 2, flexWrap: 'wrap' }} role="group" aria-label={label}>
      {cards.map((card) => (
        <Card key={card.key} sx={{ minWidth: 140 }}>
          <CardContent>
            <Typography variant="body2" color="text.secondary">
              {card.label}
            </Typography>
            <Typography variant="h5" component="p">
              {error ? '—' : isPending ? '…' : data?.[card.key]}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
