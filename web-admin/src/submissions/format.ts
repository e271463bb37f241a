const NAIRA = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', maximumFractionDigits: 2 });
const NUMBER = new Intl.NumberFormat('en-NG');

/** ₦4,500,000 — the spec shows naira with thousands separators. */
export const formatNaira = (value: number | null | undefined) => (value === null || value === undefined ? '—' : NAIRA.format(value));

export const formatKm = (odometer: string) => {
  const value = Number(odometer.replace(/[,\s]/g, ''));
  return Number.isFinite(value) && odometer.trim() !== '' ? `${NUMBER.format(value)} km` : `${odometer} km`;
};
