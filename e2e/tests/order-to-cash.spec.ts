import { formatPrice } from '@proper-parts/domain/format';
import { newAccount, signUpByApi } from '../support/accounts.ts';
import { fillAddress } from '../support/addresses.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  berlin,
  fillCart,
  invoiceText,
  money,
  openTaxFreightPage,
  pay,
  setUpShop,
  texas,
} from '../support/order-to-cash.ts';
import {
  canadaPallet,
  fillShippingMethod,
  ontarioGround,
  toronto,
} from '../support/shipping-methods-form.ts';
import { atEachWidth } from '../support/widths.ts';

/**
 * Issue 33's "done when", in the browser: a buyer in Texas and a German VAT-registered company
 * each check out a 10-line cart, see freight and tax before paying, pay, and get an invoice whose
 * subtotal, freight, tax and total are what was charged. The shop (global-setup) is registered
 * for EU VAT in Austria (SHOP_VAT_NUMBER), so a German company's VAT number gets the reverse
 * charge. Freight methods and the Texas rate are set by the shop admin first; they name only
 * Texas and Germany, where no other journey ships. Last, the admin adds two Canadian methods in
 * the form, and a Toronto buyer's checkout offers them.
 */

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  await setUpShop();
});

test('a buyer in Texas sees freight and Texas sales tax, pays, and the invoice adds up', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // The shop admin's Tax and freight page shows what the shop was set up with.
  const { shop, page: adminPage } = await openTaxFreightPage(browser, baseURL);
  const texasRate = adminPage.getByRole('group', { name: 'Tax rate 1' });
  await expect(texasRate.getByLabel('State')).toHaveValue('TX');
  await expect(texasRate.getByLabel('Rate (%)')).toHaveValue('6.25');
  await expect(adminPage.getByTestId('shipping-method-row')).toHaveCount(2);
  await atEachWidth(
    adminPage,
    'order-to-cash-admin-tax-freight',
    adminPage.getByTestId('shipping-method-row').first(),
  );
  await shop.close();

  const request = page.context().request;
  await signUpByApi(request, newAccount('texas'));
  await fillCart(request, 0);

  // The cart: a subtotal, and where freight and tax come.
  await page.goto('/cart');
  await expect(page.getByText('10 lines')).toBeVisible();
  await expect(page.getByText('Freight and tax are computed at checkout')).toBeVisible();
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByTestId('shipping-methods-hint')).toHaveText(/Enter the address/);

  // Each bad field is named under itself, in red. (The name is prefilled first, from the account.)
  await expect(page.getByLabel('Name', { exact: true })).not.toHaveValue('');
  await page.getByLabel('Name', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Address line 1 is required')).toBeVisible();
  // The country's own checks, once the fields are there: a US state, a US ZIP code.
  await fillAddress(page, { ...texas, region: undefined, postalCode: '7870' });
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('State / region is required for this country')).toBeVisible();
  await expect(page.getByText('Not a postal code of United States')).toBeVisible();
  await page.getByLabel('State', { exact: true }).selectOption({ label: 'Texas' });
  await page.getByLabel('Postal code').fill(texas.postalCode);
  await expect(page.getByText('Not a postal code of United States')).toHaveCount(0);
  await expect(page.getByText('State / region is required for this country')).toHaveCount(0);

  // The methods for Texas, priced, the cheapest chosen; Express chosen instead.
  const methods = page.getByTestId('shipping-methods');
  await expect(methods.getByText('Ground freight')).toBeVisible();
  await expect(methods.getByText('$24.50')).toBeVisible();
  await expect(methods.getByText('Next business day')).toBeVisible();
  await expect(methods.getByRole('radio', { name: /Ground freight/ })).toBeChecked();
  await methods.getByRole('radio', { name: /Express/ }).check();
  await expect(page.getByText('Freight (Express)')).toBeVisible();

  // The summary is the server's quote to the cent: subtotal, freight, Texas tax, total.
  const quote = (
    await (
      await request.post('/api/v1/cart/quote', {
        data: { shipTo: { ...texas, region: 'TX', country: 'US' }, shippingMethod: 'express' },
        headers: { origin: process.env.E2E_BASE_URL ?? '' },
      })
    ).json()
  ).data;
  expect(quote.freight).toBe(61.25);
  expect(quote.taxes).toEqual([{ name: 'Texas sales tax', rate: 6.25, amount: quote.tax }]);
  expect(quote.tax).toBeGreaterThan(0);
  const summary = page.getByTestId('checkout');
  await expect(summary.getByTestId('checkout-subtotal')).toHaveText(formatPrice(quote.subtotal));
  await expect(summary.getByTestId('checkout-freight')).toHaveText('$61.25');
  await expect(summary.getByText('Texas sales tax (6.25%)')).toBeVisible();
  await expect(summary.getByTestId('checkout-tax')).toHaveText(formatPrice(quote.tax));
  await expect(summary.getByTestId('checkout-total')).toHaveText(formatPrice(quote.total));
  await atEachWidth(page, 'order-to-cash-texas-checkout', summary);

  // Placed and paid: the payment page asks for the total, made of the same parts.
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\//);
  const orderId = page.url().split('/').pop() ?? '';
  await expect(page.getByTestId('payment-total')).toHaveText(formatPrice(quote.total));
  await expect(page.getByTestId('payment-totals-tax')).toHaveText(formatPrice(quote.tax));
  await expect(page.getByText('Freight (Express)')).toBeVisible();
  await atEachWidth(page, 'order-to-cash-texas-payment', page.getByTestId('payment-totals'));
  await pay(page);

  // What was charged is the order's total, and the invoice says how it adds up.
  const order = (await (await request.get(`/api/v1/myPurchase/${orderId}`)).json()).data;
  expect(order).toMatchObject({
    paid: true,
    subtotal: quote.subtotal,
    freight: 61.25,
    tax: quote.tax,
    total: quote.total,
    price: quote.total,
    shippingMethod: 'express',
  });
  expect(order.shipTo).toMatchObject({ region: 'TX', postalCode: '78701', country: 'US' });
  const text = await invoiceText(request, orderId);
  expect(text).toContain(`Subtotal ${money(quote.subtotal)}`);
  expect(text).toContain(`Freight (Express) ${money(61.25)}`);
  expect(text).toContain(`Texas sales tax 6.25% ${money(quote.tax)}`);
  expect(text).toContain(`Total ${money(quote.total)}`);
  expect(text).toContain('Austin, TX 78701');

  // My Orders shows the same parts.
  await page.goto('/dashboard');
  const row = page.getByTestId('order-row').first();
  await expect(row.getByTestId('order-totals-line')).toHaveText(
    `Subtotal ${formatPrice(quote.subtotal)} · Freight $61.25 · Texas sales tax (6.25%) ${formatPrice(quote.tax)}`,
  );
  await expect(row.getByText(formatPrice(quote.total), { exact: true })).toBeVisible();
  await atEachWidth(page, 'order-to-cash-texas-my-orders', row);

  // Checking out again: the structured address of this order is filled in.
  await fillCart(request, 10);
  await page.goto('/checkout');
  await expect(page.getByLabel('Address line 1')).toHaveValue(texas.line1);
  await expect(page.getByLabel('State', { exact: true })).toHaveValue('TX');
  await expect(page.getByTestId('checkout-total')).toBeVisible();
});

test('a German VAT-registered company checks out under the reverse charge, which its invoice states', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const request = page.context().request;
  const origin = { origin: process.env.E2E_BASE_URL ?? '' };
  await signUpByApi(request, newAccount('berlin'));
  const company = await request.post('/api/v1/company', {
    headers: origin,
    data: {
      name: 'Weber Antriebstechnik GmbH',
      taxId: 'DE136695976',
      billingAddress: 'Friedrichstraße 123, 10117 Berlin, Germany',
      billingTo: { ...berlin, region: 'BE', country: 'DE' },
    },
  });
  expect(company.status(), await company.text()).toBe(200);
  await fillCart(request, 20);

  // The company's billing address fills checkout's fields; Germany's freight; no VAT charged.
  await page.goto('/checkout');
  await expect(page.getByLabel('Country', { exact: true })).toHaveValue('DE');
  await expect(page.getByLabel('City')).toHaveValue('Berlin');
  await expect(page.getByLabel('State / region (optional)')).toHaveValue('BE');
  const summary = page.getByTestId('checkout');
  await expect(summary.getByTestId('checkout-freight')).toHaveText(formatPrice(39));
  await expect(summary.getByTestId('checkout-tax-note')).toContainText(
    'Reverse charge: VAT to be accounted for by the recipient',
  );
  await expect(summary.getByTestId('checkout-tax-note')).toContainText('DE136695976');
  const subtotal = (await (await request.get('/api/v1/cart')).json()).data.total as number;
  const total = Math.round((subtotal + 39) * 100) / 100;
  await expect(summary.getByTestId('checkout-total')).toHaveText(formatPrice(total));
  await atEachWidth(page, 'order-to-cash-reverse-charge-checkout', summary);

  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\//);
  const orderId = page.url().split('/').pop() ?? '';
  await expect(page.getByTestId('payment-totals-tax-note')).toContainText('Reverse charge');
  await expect(page.getByTestId('payment-total')).toHaveText(formatPrice(total));
  await pay(page);

  const order = (await (await request.get(`/api/v1/myPurchase/${orderId}`)).json()).data;
  expect(order).toMatchObject({ paid: true, subtotal, freight: 39, tax: 0, total, taxes: [] });
  const text = await invoiceText(request, orderId);
  expect(text).toContain('Reverse charge: VAT to be accounted for by the recipient');
  expect(text).toContain(`Total ${money(total)}`);
  await page.goto('/dashboard');
  const row = page.getByTestId('order-row').first();
  await expect(row.getByTestId('order-totals-line')).toContainText('Reverse charge');
  await atEachWidth(page, 'order-to-cash-reverse-charge-my-orders', row);
});

test('the shop admin defines methods in the form at 1280 and 375 px, and checkout offers them priced', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { shop, page: admin } = await openTaxFreightPage(browser, baseURL);
  await admin.setViewportSize({ width: 1280, height: 900 });
  const form = admin.getByRole('form', { name: 'Shipping methods' });
  await expect(form.getByRole('group', { name: /^Method \d+$/ })).toHaveCount(2);

  // At 1280 px: Ontario by weight band, in kg and dollars.
  await form.getByRole('button', { name: 'Add a shipping method' }).click();
  await fillShippingMethod(form.getByRole('group', { name: 'Method 3' }), ontarioGround);
  await form.getByRole('button', { name: 'Save shipping methods' }).click();
  await expect(admin.getByText('3 shipping methods saved')).toBeVisible();
  await expect(admin.getByTestId('shipping-method-row').nth(2)).toContainText(
    `CA (ON): ≤ 25000 kg ${formatPrice(85.4)}, ≤ 100000 kg ${formatPrice(240)}`,
  );

  // At 375 px: all Canada by pallet; a bad country code is named in red under its field first.
  await admin.setViewportSize({ width: 375, height: 900 });
  await form.getByRole('button', { name: 'Add a shipping method' }).click();
  const pallet = form.getByRole('group', { name: 'Method 4' });
  await fillShippingMethod(pallet, { ...canadaPallet, countries: 'CAN' });
  await form.getByRole('button', { name: 'Save shipping methods' }).click();
  const wrong = pallet.getByText('countries: not an ISO 3166 country code (CAN)');
  await expect(wrong).toBeVisible();
  await expect(wrong).toHaveClass(/text-error/);
  await atEachWidth(admin, 'order-to-cash-shipping-method-red-line', wrong);
  await pallet.getByLabel('Countries').fill(canadaPallet.countries);
  await expect(wrong).toHaveCount(0);
  await form.getByRole('button', { name: 'Save shipping methods' }).click();
  await expect(admin.getByText('4 shipping methods saved')).toBeVisible();
  await expect(form.getByRole('group', { name: 'Method 4' }).getByLabel('Price ($)')).toHaveValue(
    '312.50',
  );
  await atEachWidth(admin, 'order-to-cash-shipping-methods-form', form);
  await shop.close();

  // A buyer in Toronto is offered both, priced by the bands; the Texas and German ones do not apply.
  const request = page.context().request;
  await signUpByApi(request, newAccount('toronto'));
  await fillCart(request, 0);
  await page.goto('/checkout');
  await fillAddress(page, toronto);
  const methods = page.getByTestId('shipping-methods');
  await expect(methods.getByRole('radio')).toHaveCount(2);
  await expect(methods.getByRole('radio', { name: /Canada ground/ })).toBeChecked();
  await expect(methods.getByText(formatPrice(85.4))).toBeVisible();
  await expect(methods.getByText(ontarioGround.estimate)).toBeVisible();
  await expect(page.getByTestId('checkout-freight')).toHaveText(formatPrice(85.4));
  await methods.getByRole('radio', { name: /Canada pallet express/ }).check();
  await expect(methods.getByText(formatPrice(312.5))).toBeVisible();
  await expect(page.getByTestId('checkout-freight')).toHaveText(formatPrice(312.5));
  await atEachWidth(page, 'order-to-cash-canada-checkout', methods);
});
