import { formatMoney, fromMajor } from '@autobest/domain/money';

const NUMBER = new Intl.NumberFormat('en-NG');

/** ₦4,500,000.00 — the spec shows naira with thousands separators. */
export const formatNaira = (value: number | null | undefined) => (value === null || value === undefined ? '—' : formatMoney(fromMajor(value, 'NGN'), { fractionDigits: 'minor' }));

export const formatKm = (odometer: string) => {
  const value = Number(odometer.replace(/[,\s]/g, ''));
  return Number.isFinite(value) && odometer.trim() !== '' ? `${NUMBER.format(value)} km` : `${odometer} km`;
};
