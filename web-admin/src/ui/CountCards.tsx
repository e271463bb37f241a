import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { useDataProvider } from 'react-admin';
import { answerOf, type AutoBestDataProvider } from '../dataProvider';

export interface CountCard {
  label: string;
  value: ReactNode;
  /** For a page whose tests read one card's figure. */
  testId?: string;
  /** Where the card leads (a console path, under the router's basename): the whole card is then one link. */
  to?: string;
  /** The link leaves the console for a page the API serves itself (the queue dashboard), loaded as a document. */
  reloadDocument?: boolean;
  /** The figure asks for someone's attention (shown in the warning colour; the label says what it is). */
  attention?: boolean;
}

function CardFigures({ card }: { card: CountCard }) {
  return (
    <CardContent>
      <Typography variant="body2" color="text.secondary">
        {card.label}
      </Typography>
      <Typography variant="h5" component="p" {...(card.attention ? { sx: { color: 'warning.main' } } : {})} {...(card.testId ? { 'data-testid': card.testId } : {})}>
        {card.value}
      </Typography>
    </CardContent>
  );
}

/** A row of figures above a list or a dashboard, each on its own card (a link when it has `to`); `label` names the row for screen readers. */
export function CountCards({ cards, label }: { cards: readonly CountCard[]; label?: string }) {
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ my: 2, flexWrap: 'wrap' }} {...(label ? { role: 'group', 'aria-label': label } : {})}>
      {cards.map((card) => (
        <Card key={card.label} sx={{ minWidth: 140 }}>
          {card.to ? (
            <CardActionArea component={Link} to={card.to} {...(card.reloadDocument ? { reloadDocument: true } : {})}>
              <CardFigures card={card} />
            </CardActionArea>
          ) : (
            <CardFigures card={card} />
          )}
        </Card>
      ))}
    </Stack>
  );
}

/** The count cards above a list, from `/api/admin/{resource}/stats` (with the list's filter when given). */
export function StatsCountCards({ resource, cards, label, filter }: { resource: string; cards: ReadonlyArray<{ key: string; label: string }>; label: string; filter?: object }) {
  const dataProvider = useDataProvider<AutoBestDataProvider>();
  const { data, isPending, error } = useQuery({
    queryKey: [resource, 'stats', filter ?? null],
    queryFn: async () => answerOf(await dataProvider.getStats(resource, filter)),
  });
  return <CountCards label={label} cards={cards.map((card) => ({ label: card.label, value: error ? '—' : isPending ? '…' : data?.[card.key] }))} />;
}
