import { ChangeHistory } from '../ui/ChangeHistory';

/** Every change staff made to a freight rate or a charge, oldest first. */
export const RateHistory = () => <ChangeHistory />;

/** A share as staff read it: 0.075 → "7.5%". */
export const percent = (share: number) => `${Math.round(share * 100_000) / 1000}%`;

/** Client-side check of a share; the API checks it again. */
export const shareBetween0And1 = (value: unknown) => (typeof value === 'number' && (value < 0 || value > 1) ? 'A rate is a share between 0 and 1 (0% to 100%): 0.015 for 1.5%' : undefined);
