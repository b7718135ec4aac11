import type { Locator } from '@playwright/test';
import type { AddressInput } from './addresses.ts';

/** A shipping method as the admin types it in the Tax and freight page's form (kg, dollars). */
export interface MethodTyped {
  name: string;
  code: string;
  estimate: string;
  /** ISO codes, as typed: "CA". */
  countries: string;
  regions?: string;
  bands: { upToKg: string; price: string }[];
}

/**
 * Fills one method of the shipping methods form (web/src/features/tax-freight/components/
 * method-fields.tsx), `method` being its group ("Method 3"): a rates method of one zone.
 */
export async function fillShippingMethod(method: Locator, typed: MethodTyped) {
  await method.getByLabel('Name', { exact: true }).fill(typed.name);
  await method.getByLabel('Code', { exact: true }).fill(typed.code);
  await method.getByLabel('Kind').selectOption('rates');
  await method.getByLabel('Delivery estimate').fill(typed.estimate);
  await method.getByLabel('Countries').fill(typed.countries);
  await method.getByLabel('Regions (optional)').fill(typed.regions ?? '');
  for (const [i, band] of typed.bands.entries()) {
    if (i > 0) await method.getByRole('button', { name: 'Add a weight band' }).click();
    await method.getByLabel('Up to (kg)').nth(i).fill(band.upToKg);
    await method.getByLabel('Price ($)').nth(i).fill(band.price);
  }
}

/** Two Canadian methods, where no other journey ships: Ontario by weight, all Canada by pallet. */
export const ontarioGround: MethodTyped = {
  name: 'Canada ground',
  code: 'canada-ground',
  estimate: '4-6 business days',
  countries: 'CA',
  regions: 'Ontario',
  bands: [
    { upToKg: '25000', price: '85.40' },
    { upToKg: '100000', price: '240' },
  ],
};
export const canadaPallet: MethodTyped = {
  name: 'Canada pallet express',
  code: 'canada-pallet',
  estimate: '2 business days',
  countries: 'CA',
  bands: [{ upToKg: '100000', price: '312.50' }],
};

/** A buyer's address in Toronto, Ontario. */
export const toronto: AddressInput = {
  name: 'Maya Singh',
  company: 'Lakeshore Hydraulics',
  line1: '100 Queens Quay E',
  city: 'Toronto',
  region: 'Ontario',
  postalCode: 'M5E 1V3',
  country: 'Canada',
  phone: '+1 416 555 0188',
};
