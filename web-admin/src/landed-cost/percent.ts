/**
 * Staff type and read rates as percentages (7.5); the API takes and keeps shares (0.075). The one conversion between
 * the two, rounded to 6 decimals of a share so 7.5% never becomes 0.07500000000000001.
 */
const SHARE_STEPS = 1_000_000;
const PERCENT_STEPS = SHARE_STEPS / 100;

/** 7.5 → 0.075; empty stays empty (null) so `required` can name the field. */
export function shareOfPercent(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? Math.round(number * PERCENT_STEPS) / SHARE_STEPS : null;
}

/** 0.075 → 7.5; anything but a number → null. */
export function percentOfShare(share: unknown): number | null {
  return typeof share === 'number' && Number.isFinite(share) ? Math.round(share * SHARE_STEPS) / PERCENT_STEPS : null;
}

/** A share as staff read it: 0.075 → "7.5%". */
export const percent = (share: number) => `${percentOfShare(share) ?? ''}%`;

/** A stored share as the text of a percentage input: 0.075 → "7.5", nothing → "". */
export const percentText = (share: unknown) => String(percentOfShare(share) ?? '');
