import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { readPdf } from '../../server/test/pdf-text.ts';
import { chiefRequest } from './accounts.ts';
import type { AddressInput } from './addresses.ts';
import { expect } from './fixtures.ts';

/**
 * The order-to-cash journeys' shop and buyers (e2e/tests/order-to-cash.spec.ts): a Texas and a
 * Berlin address, a 10-line cart, the shop's freight and Texas tax, paying, the invoice's text.
 */

interface Item {
  _id: string;
  sku: string;
  minimumOrderQuantity: number;
  availableQuantity: number;
  packSize: number;
}

export const texas: AddressInput = {
  name: 'Dana Ortiz',
  company: 'Lone Star Pumps',
  line1: '500 Congress Ave',
  line2: 'Dock 3',
  city: 'Austin',
  region: 'Texas',
  postalCode: '78701',
  country: 'United States',
  phone: '+1 512 555 0147',
};
export const berlin: AddressInput = {
  name: 'Jonas Weber',
  company: 'Weber Antriebstechnik GmbH',
  line1: 'Friedrichstraße 123',
  city: 'Berlin',
  region: 'Berlin',
  postalCode: '10117',
  country: 'Germany',
  phone: '+49 30 1234567',
};

/** Demo parts sold one by one, in stock: a 10-line cart at each part's minimum. */
export async function fillCart(request: APIRequestContext, skip: number) {
  const res = await request.get('/api/v1/catalog/search?q=bearing&limit=60&inStock=true');
  const items = ((await res.json()).data.items as Item[]).filter(
    (item) => item.packSize === 1 && item.availableQuantity >= item.minimumOrderQuantity * 4,
  );
  const lines = items.slice(skip, skip + 10);
  expect(lines).toHaveLength(10);
  for (const item of lines) {
    const put = await request.put(`/api/v1/cart/lines/${item._id}`, {
      data: { quantity: item.minimumOrderQuantity },
      headers: { origin: process.env.E2E_BASE_URL ?? '' },
    });
    expect(put.status(), await put.text()).toBe(200);
  }
}

/** The shop's freight methods and its Texas rate, as its admin sets them (PUT: the whole list). */
export async function setUpShop() {
  const admin = await chiefRequest();
  const methods = await admin.put('/api/v1/admin/shipping-methods', {
    data: {
      methods: [
        {
          code: 'ground',
          name: 'Ground freight',
          kind: 'rates',
          estimate: '3-5 business days',
          zones: [
            { countries: ['US'], regions: ['TX'], bands: [{ upToGrams: 10_000_000, price: 24.5 }] },
            { countries: ['DE'], bands: [{ upToGrams: 10_000_000, price: 39 }] },
          ],
        },
        {
          code: 'express',
          name: 'Express',
          kind: 'rates',
          estimate: 'Next business day',
          zones: [
            {
              countries: ['US'],
              regions: ['TX'],
              bands: [{ upToGrams: 10_000_000, price: 61.25 }],
            },
          ],
        },
      ],
    },
  });
  expect(methods.status(), await methods.text()).toBe(200);
  const rates = await admin.put('/api/v1/admin/tax-rates', {
    data: {
      rates: [
        { country: 'US', region: 'TX', name: 'Texas sales tax', rate: 6.25, freightTaxable: true },
      ],
    },
  });
  expect(rates.status(), await rates.text()).toBe(200);
}

export async function pay(page: Page) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Congrats ! Your payment is completed')).toBeVisible();
}

/** The invoice's text, as a PDF reader extracts it, on one line. */
export async function invoiceText(request: APIRequestContext, orderId: string) {
  const pdf = await request.get(`/api/v1/orders/${orderId}/invoice.pdf`);
  expect(pdf.status()).toBe(200);
  return (await readPdf(await pdf.body())).join(' ').replace(/\s+/g, ' ');
}

/** An amount as the invoice prints it: cents always, thousands grouped (`$1,002.80`). */
export const money = (n: number) =>
  `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The shop admin's Tax and freight page, in a context of its own (close `shop` when done). */
export async function openTaxFreightPage(browser: Browser, baseURL: string | undefined) {
  const shop = await browser.newContext({
    baseURL,
    storageState: await (await chiefRequest()).storageState(),
  });
  const page = await shop.newPage();
  await page.goto('/dashboard/tax-freight');
  return { shop, page };
}
