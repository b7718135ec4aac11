import type { Locator, Page } from '@playwright/test';

/** A structured address as the shop's forms take it (issue 33). */
export interface AddressInput {
  name: string;
  company?: string;
  line1: string;
  line2?: string;
  city: string;
  /** The region's name as its select lists it ("Texas"), or free text where there is no list. */
  region?: string;
  postalCode: string;
  /** The country's name as its select lists it ("United States"). */
  country: string;
  phone?: string;
}

/**
 * Fills a structured address form (web/src/features/addresses/components/address-fields.tsx)
 * inside `scope` (a page, or a form on it): the country first, for its regions to be listed.
 */
export async function fillAddress(scope: Page | Locator, address: AddressInput) {
  await scope.getByLabel('Country', { exact: true }).selectOption({ label: address.country });
  await scope.getByLabel('Name', { exact: true }).fill(address.name);
  await scope.getByLabel('Company (optional)').fill(address.company ?? '');
  await scope.getByLabel('Address line 1').fill(address.line1);
  await scope.getByLabel('Address line 2 (optional)').fill(address.line2 ?? '');
  await scope.getByLabel('City').fill(address.city);
  if (address.region) {
    const region = scope.getByLabel(/^(State|Province|State \/ region)( \(optional\))?$/);
    if ((await region.evaluate((el) => el.tagName)) === 'SELECT')
      await region.selectOption({ label: address.region });
    else await region.fill(address.region);
  }
  await scope.getByLabel('Postal code').fill(address.postalCode);
  await scope.getByLabel('Phone').fill(address.phone ?? '');
}

/** An address in Illinois, where the journeys' shop collects no tax and has no freight rates. */
export const peoria: AddressInput = {
  name: 'Pat Buyer',
  line1: '12 Foundry Rd',
  city: 'Peoria',
  region: 'Illinois',
  postalCode: '61602',
  country: 'United States',
  phone: '+1 309 555 0142',
};

/** A company's billing address in Leeds and a warehouse in Hull (the journeys' UK company). */
export const leeds: AddressInput = {
  name: 'Accounts Payable',
  line1: '1 Mill Road',
  city: 'Leeds',
  postalCode: 'LS1 1AA',
  country: 'United Kingdom',
};
export const hull: AddressInput = {
  name: 'Goods In',
  line1: '5 Dock Street',
  city: 'Hull',
  postalCode: 'HU1 1AA',
  country: 'United Kingdom',
  phone: '+44 113 496 0000',
};
