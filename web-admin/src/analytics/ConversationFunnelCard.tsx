import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ConversationFunnel } from '@autobest/domain/assistant/contracts';

const STEPS = [
  { key: 'started', label: 'Started' },
  { key: 'needsUnderstood', label: 'Needs understood' },
  { key: 'vehiclesShown', label: 'Vehicles shown' },
  { key: 'pricingReached', label: 'Pricing reached' },
  { key: 'handedOff', label: 'Handed off' },
] as const satisfies ReadonlyArray<{ key: keyof ConversationFunnel; label: string }>;

const PERCENT = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 0 });

/** Tara's conversations of the period, step by step: each bar its count and its share of those started. */
export function ConversationFunnelCard({ funnel }: { funnel: ConversationFunnel | undefined }) {
  return (
    <Card sx={{ flex: '1 1 420px', minWidth: 320 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Tara conversation funnel
        </Typography>
        {!funnel ? null : funnel.started === 0 ? (
          <Typography color="text.secondary">No conversations in this period yet.</Typography>
        ) : (
          <Box component="ol" aria-label="Tara conversation funnel" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
            {STEPS.map((step) => {
              const count = funnel[step.key];
              const share = count / funnel.started;
              return (
                <li key={step.key}>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                    <Typography variant="body2">{step.label}</Typography>
                    <Typography variant="body2">
                      {count} ({PERCENT.format(share)})
                    </Typography>
                  </Box>
                  <Box aria-hidden sx={{ height: 12, borderRadius: 1, bgcolor: 'action.selected' }}>
                    <Box sx={{ height: '100%', width: `${Math.min(share, 1) * 100}%`, borderRadius: 1, bgcolor: '#1f6f50' }} />
                  </Box>
                </li>
              );
            })}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
