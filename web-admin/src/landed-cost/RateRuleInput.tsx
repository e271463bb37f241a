import { useCallback } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { ArrayInput, NumberInput, SelectInput, SimpleFormIterator, required, useSourceContext, type Validator } from 'react-admin';
import { Stack } from '@mui/material';
import { PercentInput } from './PercentInput';
import { bandsProblem, rateRuleProblem } from './rateRule';

const KIND_CHOICES = [
  { id: 'flat', name: 'Flat rate' },
  { id: 'byVehicleClass', name: 'By vehicle class (passenger, goods)' },
  { id: 'byEngineCc', name: 'By engine size (bands + electric)' },
];

/** The rule's row, which the line's layout gives a row of its own. */
export const RATE_RULE_CLASS = 'AutoBest-rateRule';

const valueAt = (values: unknown, path: string) => path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), values);

/**
 * A tariff line's rate rule as inputs: its kind, then the percentages it needs (one, one per vehicle class, or engine
 * bands and electric). The form keeps the rule as the API takes it, with shares; every input is checked with the
 * domain's rule schema (`rateRule.ts`), so the console refuses what the API would.
 */
export function RateRuleInput() {
  const ruleSource = useSourceContext().getSource('rate');
  const kind: unknown = useWatch({ name: `${ruleSource}.kind` });
  // Each input's own path inside the rule comes from the source react-admin resolved for it (`bands.1.rate`).
  const ruleChecked = useCallback<Validator>((_value, values, props: { finalSource?: string }) => (props.finalSource ? rateRuleProblem(valueAt(values, ruleSource), props.finalSource.slice(ruleSource.length + 1)) : undefined), [ruleSource]);
  const percentRequired = [required(), ruleChecked];
  const { getValues, setValue } = useFormContext();
  // An engine-size rule starts with one open-ended band, ready for a rate.
  const onKindChange = (event: unknown) => {
    const chosen = event && typeof event === 'object' && 'target' in event ? (event.target as { value?: unknown }).value : event;
    if (chosen === 'byEngineCc' && !Array.isArray(getValues(`${ruleSource}.bands`))) setValue(`${ruleSource}.bands`, [{ upToCc: null, rate: null }]);
  };
  return (
    <Stack direction="row" spacing={1} className={RATE_RULE_CLASS} sx={{ alignItems: 'flex-start' }}>
      <SelectInput source="rate.kind" label="Rate" choices={KIND_CHOICES} validate={required()} onChange={onKindChange} />
      {kind === 'flat' && <PercentInput source="rate.rate" label="Rate (%)" validate={percentRequired} />}
      {kind === 'byVehicleClass' && (
        <>
          <PercentInput source="rate.rates.passenger" label="Passenger cars (%)" validate={percentRequired} />
          <PercentInput source="rate.rates.goods" label="Goods vehicles (%)" validate={percentRequired} />
        </>
      )}
      {kind === 'byEngineCc' && (
        <>
          <ArrayInput source="rate.bands" label="Engine bands" validate={bandsProblem} sx={{ minWidth: '24em' }} helperText="Rising; leave “Up to cc” empty on the last band: it takes the rest">
            <SimpleFormIterator inline disableReordering disableClear>
              <NumberInput source="upToCc" label="Up to cc" step={1} validate={ruleChecked} helperText={false} />
              <PercentInput source="rate" label="Band rate (%)" validate={percentRequired} helperText={false} />
            </SimpleFormIterator>
          </ArrayInput>
          <PercentInput source="rate.electric" label="Electric vehicles (%)" validate={percentRequired} />
        </>
      )}
    </Stack>
  );
}
