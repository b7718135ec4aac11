import type { APIResponse, Browser } from '@playwright/test';
import {
  chiefRequest,
  linkIn,
  newAccount,
  readLatestMail,
  signUpByApi,
} from '../support/accounts.ts';
import { fillAddress, hull } from '../support/addresses.ts';
import { expect, test } from '../support/fixtures.ts';
import { atEachWidth } from '../support/widths.ts';

/**
 * Issue 19: a quote accepted under the company's rules, as at checkout. A company buyer (limit
 * $100) accepts a quote above their limit on the company's account: the order awaits approval;
 * the company admin approves it; the quote then says it is invoiced on account, due in 30 days.
 * The setup (company, terms, invitation, the request and the shop's answer) goes through the API:
 * the company journey covers those pages.
 */

interface Item {
  _id: string;
  minimumOrderQuantity: number;
  packSize: number;
}

const BUYER_LIMIT = 100;

async function ok(response: Promise<APIResponse>) {
  const res = await response;
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data;
}

/** A fresh company with net 30 and $5,000 of credit; its admin's request context. */
async function companyWithTerms(browser: Browser, baseURL: string) {
  const owner = newAccount('qowner');
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  await signUpByApi(context.request, owner);
  const company = await ok(
    context.request.post('/api/v1/company', {
      data: {
        name: `Quote Terms ${Date.now().toString(36)}`,
        billingAddress: '1 Mill Road, Leeds',
      },
    }),
  );
  const shop = await chiefRequest();
  await ok(
    shop.put(`/api/v1/admin/companies/${company._id}/terms`, {
      data: { termsDays: 30, creditLimit: 5000 },
    }),
  );
  return context;
}

test('a company buyer accepts a quote above their limit on account; approved, it is invoiced (the buyer on a phone; each screen at 375, 768 and 1280 px)', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL ?? '';
  await page.setViewportSize({ width: 375, height: 900 });
  const owner = await companyWithTerms(browser, base);
  const buyer = newAccount('qbuyer');
  await signUpByApi(page.context().request, buyer);
  const buyerRequest = page.context().request;
  const headers = { origin: base };
  // The company admin invites the buyer (limit $100), who accepts with the mailed token.
  await ok(
    owner.request.post('/api/v1/company/invitations', {
      data: { email: buyer.email, role: 'buyer', orderLimit: BUYER_LIMIT },
    }),
  );
  const link = new URL(linkIn(await readLatestMail(buyer.email, /invited to a company account/)));
  await ok(
    buyerRequest.post('/api/v1/company/invitations/accept', {
      data: { token: link.searchParams.get('token') },
      headers,
    }),
  );

  // A quote of one part, answered at $150 in all: above the buyer's $100 limit.
  const search = await buyerRequest.get('/api/v1/catalog/search?q=bearing&limit=60&inStock=true');
  const items = ((await search.json()).data.items as Item[]).filter((i) => i.packSize === 1);
  const part = items[4];
  if (!part) throw new Error('no demo part');
  const quote = await ok(
    buyerRequest.post('/api/v1/quotes', {
      data: { message: 'On account please', lines: [{ productId: part._id, quantity: 100 }] },
      headers,
    }),
  );
  const shop = await chiefRequest();
  const expiresOn = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  await ok(
    shop.post(`/api/v1/admin/quotes/${quote._id}/answer`, {
      data: { lines: [{ lineNo: 1, unitPrice: 1.5 }], leadTimeDays: 5, expiresOn },
    }),
  );

  // The Accept form: Card or On account (net 30, the credit left), the limit warned of.
  await page.goto(`/dashboard/quotes/${quote._id}`);
  const payment = page.getByRole('group', { name: 'Payment' });
  await expect(payment).toContainText('On account, net 30 ($5,000 of credit left)');
  // One note of several (the totals have theirs): the limit's.
  await expect(
    page.getByRole('note').filter({ hasText: 'above your limit of $100' }),
  ).toBeVisible();
  await fillAddress(page, hull);
  await payment.getByLabel(/On account/).check();
  await page.getByRole('button', { name: 'Accept and place order' }).click();
  const po = page.getByLabel('PO number (required on account)');
  await expect(page.getByText('A PO number is required to pay on account')).toBeVisible();
  await expect(po).toHaveAttribute('aria-invalid', 'true');
  await atEachWidth(page, 'quote-accept-on-account', po);
  const poNumber = `PO-Q${Date.now().toString(36)}`;
  await po.fill(poNumber);
  await page.getByRole('button', { name: 'Accept and place order' }).click();
  const awaits = page.getByText(/awaits approval by an approver of the company/);
  await expect(awaits).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pay the order' })).toHaveCount(0);
  await atEachWidth(page, 'quote-awaits-approval', awaits);

  // The company admin approves it: invoiced on account, due in 30 days; still nothing to pay.
  const accepted = await ok(buyerRequest.get(`/api/v1/quotes/${quote._id}`));
  await ok(owner.request.post(`/api/v1/company/approvals/${accepted.orderId}/approve`));
  await page.reload();
  const invoiced = page.getByText(/^Invoiced on account \(invoice \d{4}-\d{6}\), due /);
  await expect(invoiced).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pay the order' })).toHaveCount(0);
  const order = await ok(buyerRequest.get(`/api/v1/myPurchase/${accepted.orderId}`));
  expect(order).toMatchObject({
    status: 'pending',
    paymentTerms: 'account',
    poNumber,
    quoteId: quote._id,
    price: 150,
  });
  await atEachWidth(page, 'quote-invoiced-on-account', invoiced);
  await owner.close();
});
