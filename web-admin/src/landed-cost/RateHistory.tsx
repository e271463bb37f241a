import { ChangeHistory } from '../ui/ChangeHistory';
import { percent } from './percent';

/** Fields kept as shares, shown as percentages. */
const SHARE_FIELDS: ReadonlySet<string> = new Set(['insuranceRate']);

const rateValue = (field: string, value: unknown) => (SHARE_FIELDS.has(field) && typeof value === 'number' ? percent(value) : String(value));

/** Every change staff made to a freight rate or a charge, oldest first. */
export const RateHistory = () => <ChangeHistory formatValue={rateValue} />;
