import type { Locator } from 'playwright-core';

/** What an owner types into the storefront's sell-car form (its text fields and choices, not the photos). */
export interface SellCarFields {
  fullName: string;
  phone: string;
  email: string;
  make: string;
  model: string;
  year: string;
  odometerKm: string;
  fuelType: string;
  transmission: string;
  askingPriceNgn: string;
}

/** Fills in the sell-car form's (`form`, the "Sell your car form") text fields and choices as an owner would. */
export async function fillSellCarFields(form: Locator, car: SellCarFields): Promise<void> {
  await form.getByLabel('Full Name').fill(car.fullName);
  await form.getByLabel('Phone Number').fill(car.phone);
  await form.getByLabel('Email Address').fill(car.email);
  await form.getByLabel('Make', { exact: true }).fill(car.make);
  await form.getByLabel('Model', { exact: true }).fill(car.model);
  await form.getByLabel('Year', { exact: true }).fill(car.year);
  await form.getByLabel('Odometer (km)').fill(car.odometerKm);
  await form.getByLabel('Fuel Type').selectOption(car.fuelType);
  await form.getByLabel('Transmission').selectOption(car.transmission);
  await form.getByLabel('Asking Price (₦)').fill(car.askingPriceNgn);
}
