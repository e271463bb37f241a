import { useWatch } from 'react-hook-form';
import { SelectArrayInput, required, useSimpleFormIteratorItem } from 'react-admin';
import { BASE_TERMS } from '@autobest/domain/landedCost/kinds';

const BASE_TERM_NAMES: Record<(typeof BASE_TERMS)[number], string> = {
  fob: 'FOB',
  freight: 'Freight',
  insurance: 'Insurance',
  cif: 'CIF (FOB + freight + insurance)',
};

/** A tariff line's base: the amounts its rate applies to, the base terms or lines above it (as the domain allows). */
export function BaseTermsInput() {
  const { index } = useSimpleFormIteratorItem();
  const lines: unknown = useWatch({ name: 'lines' });
  const above = (Array.isArray(lines) ? lines.slice(0, index) : []) as Array<{ key?: unknown; label?: unknown } | undefined>;
  const choices = BASE_TERMS.map((term) => ({ id: term as string, name: BASE_TERM_NAMES[term] }));
  for (const line of above) {
    const key = line?.key;
    if (typeof key === 'string' && key !== '' && !choices.some((choice) => choice.id === key)) choices.push({ id: key, name: typeof line?.label === 'string' && line.label ? `${line.label} (${key})` : key });
  }
  return <SelectArrayInput source="base" label="Base" choices={choices} validate={required()} helperText="The rate applies to their sum" />;
}
