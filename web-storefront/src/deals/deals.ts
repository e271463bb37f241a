/**
 * This month's promotions: listed vehicles with a discount the sales team grants, shown against the listing's
 * own price (the spec's sample discounts run 8-16%). Each deal links to its vehicle page.
 */
export interface Deal {
  vehicleId: string;
  discountPercent: number;
  city: string;
}

export const DEALS: readonly Deal[] = [
  { vehicleId: 'featured-chery-omoda-5-2024', discountPercent: 8, city: 'Lagos' },
  { vehicleId: 'sample-byd-atto-3-2024', discountPercent: 12, city: 'Accra' },
  { vehicleId: 'sample-chery-tiggo-4-pro-2024', discountPercent: 10, city: 'Abuja' },
  { vehicleId: 'sample-changan-cs35-plus-2024', discountPercent: 16, city: 'Lagos' },
];

/** The sale price in the same currency, whole units. */
export const salePrice = (price: number, discountPercent: number) => Math.round(price * (1 - discountPercent / 100));
