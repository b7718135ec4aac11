import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { APIResponse } from '@playwright/test';
import { chiefRequest, newAccount, signUpAdminByApi, signUpByApi } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { freePort } from '../support/free-port.ts';
import { atEachWidth } from '../support/widths.ts';

/**
 * Issue 34: a PunchOut session from setup to "Return cart", in a real browser. A small local
 * "procurement system" (node:http) does the cXML setup, sends the buyer's browser to the
 * StartPage, and takes the PunchOutOrderMessage the shop's page posts back; the test then sends
 * the OrderRequest and finds the order once, with its PO number and the shop's prices. The shop
 * admin works at a desk (1280 px), the procurement system's buyer on a phone (375 px); each shop
 * screen they reach is checked at 375, 768 and 1280 px.
 */

interface Item {
  _id: string;
  sku: string;
  name: string;
  minimumOrderQuantity: number;
  availableQuantity: number;
  packSize: number;
}

async function ok(response: Promise<APIResponse>) {
  const res = await response;
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data;
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => resolve(body));
  });

const xmlText = (value: string) =>
  value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

const credentials = (identity: string, secret: string) => `<Header>
<From><Credential domain="NetworkID"><Identity>${identity}</Identity></Credential></From>
<To><Credential domain="DUNS"><Identity>properparts</Identity></Credential></To>
<Sender><Credential domain="NetworkID"><Identity>AN01000000001</Identity><SharedSecret>${secret}</SharedSecret></Credential><UserAgent>E2E Procurement</UserAgent></Sender>
</Header>`;

const cxml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">
<cXML payloadID="${Date.now()}@procurement.test" timestamp="${new Date().toISOString()}">
${body}
</cXML>`;

/** The procurement system: `/punch` sets up and sends the browser on; `/return` takes the cart. */
function procurementSystem(input: {
  shop: string;
  identity: string;
  secret: string;
  buyerCookie: string;
}) {
  const received: string[] = [];
  let base = '';
  const server: Server = createServer(async (request, response) => {
    if (request.url === '/punch') {
      try {
        response.writeHead(302, { location: await startPage() }).end();
      } catch (error) {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      }
      return;
    }
    if (request.url === '/return' && request.method === 'POST') {
      const form = new URLSearchParams(await readBody(request));
      received.push(form.get('cxml-urlencoded') ?? '');
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          '<!doctype html><title>Requisition</title><h1>Requisition received</h1><p>Your cart is in the requisition.</p>',
        );
      return;
    }
    response.writeHead(404).end();
  });
  /** The setup call alone: the one-time StartPage URL it answers. */
  const startPage = async () => {
    const setup = await fetch(`${input.shop}/punchout/cxml/setup`, {
      method: 'POST',
      headers: { 'content-type': 'text/xml' },
      body: cxml(`${credentials(input.identity, input.secret)}
<Request deploymentMode="test"><PunchOutSetupRequest operation="create">
<BuyerCookie>${input.buyerCookie}</BuyerCookie>
<BrowserFormPost><URL>${base}/return</URL></BrowserFormPost>
</PunchOutSetupRequest></Request>`),
    });
    const answer = await setup.text();
    const start = /<StartPage><URL>([^<]+)<\/URL><\/StartPage>/.exec(answer)?.[1];
    if (!start) throw new Error(`no StartPage: ${answer}`);
    return xmlText(start);
  };
  return {
    received,
    startPage,
    async listen() {
      const port = await freePort();
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${port}`;
      return base;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('a procurement system punches out, the buyer fills the cart and returns it, and the PO becomes one order (the shop admin on a desktop, the buyer on a phone; each screen at 375, 768 and 1280 px)', async ({
  page,
  browser,
  baseURL,
}) => {
  const shop = baseURL ?? '';
  await page.setViewportSize({ width: 1280, height: 900 });
  const tag = Date.now().toString(36);

  // The company (net 30) and its member the punchout shops as.
  const owner = newAccount('poowner');
  const ownerContext = await browser.newContext({ baseURL, extraHTTPHeaders: { origin: shop } });
  await signUpByApi(ownerContext.request, owner);
  const company = await ok(
    ownerContext.request.post('/api/v1/company', {
      data: { name: `PunchOut Works ${tag}`, billingAddress: '1 Mill Road, Springfield' },
    }),
  );
  await ok(
    (await chiefRequest()).put(`/api/v1/admin/companies/${company._id}/terms`, {
      data: { termsDays: 30, creditLimit: 50000 },
    }),
  );

  // The shop admin connects the company's procurement system on the PunchOut page.
  await signUpAdminByApi(page.context().request);
  await page.goto('/dashboard/punchout');
  await expect(page).toHaveTitle('PunchOut | Proper Parts');
  const form = page.getByRole('form', { name: 'New PunchOut connection' });
  await form.getByRole('button', { name: 'Create connection' }).click();
  await expect(form.getByLabel('Company')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('The shared secret must be at least 12 characters')).toBeVisible();
  const systemName = `Acme Ariba ${tag}`;
  const identity = `AN-E2E-${tag}`;
  const secret = `e2e-secret-${tag}`;
  await form.getByLabel('Company').selectOption({ label: company.name });
  await form.getByLabel('System name').fill(systemName);
  await form.getByLabel('From domain').fill('NetworkID');
  await form.getByLabel('From identity').fill(identity);
  await form.getByLabel('Shared secret').fill(secret);
  await form.getByLabel('Shops as (member email)').fill(owner.email);
  await form.getByRole('button', { name: 'Create connection' }).click();
  const row = page.getByTestId('punchout-connection-row').filter({ hasText: systemName });
  await expect(row).toContainText(company.name);
  await expect(row).toContainText(owner.email);
  await expect(page.getByText(secret)).toHaveCount(0);
  await page.screenshot({ path: '/tmp/pp-punchout-admin-1280.png', fullPage: true });
  await atEachWidth(page, 'punchout-admin', row);

  // The procurement system and its buyer's browser (no shop session of its own).
  const buyerCookie = `bc-${tag}`;
  const procurement = procurementSystem({ shop, identity, secret, buyerCookie });
  const system = await procurement.listen();
  const buyer = await browser.newContext({ baseURL, viewport: { width: 375, height: 900 } });
  const tab = await buyer.newPage();
  try {
    await tab.goto(`${system}/punch`);
    await expect(tab).toHaveURL(/\/products$/);

    // Search, then add a part from the results; the cart offers the return, not checkout.
    const search = await ok(
      tab.request.get('/api/v1/catalog/search?category=bearings&limit=40&inStock=true'),
    );
    const part = (search.items as Item[]).find(
      (item) => item.packSize === 1 && item.availableQuantity >= item.minimumOrderQuantity * 3,
    );
    if (!part) throw new Error('no demo part');
    await tab.getByLabel('Search parts').fill(part.sku);
    await expect(tab).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(part.sku)}`));
    await tab
      .getByRole('button', { name: `Add to cart: ${part.name}` })
      .first()
      .click();
    await expect(tab.getByRole('link', { name: 'Cart, 1 line' })).toBeVisible();
    await tab.getByRole('link', { name: 'Cart, 1 line' }).click();
    await expect(tab).toHaveURL(/\/cart$/);
    const returnButton = tab.getByRole('button', { name: `Return cart to ${systemName}` });
    await expect(returnButton).toBeVisible();
    await expect(tab.getByRole('link', { name: 'Checkout' })).toHaveCount(0);
    const cart = await ok(tab.request.get('/api/v1/cart'));
    const line = cart.lines[0] as { quantity: number; unitPrice: number; sku: string };
    await tab.screenshot({ path: '/tmp/pp-punchout-cart-375.png', fullPage: true });
    await atEachWidth(tab, 'punchout-cart', returnButton);

    // Return: the shop's page posts the PunchOutOrderMessage on to the procurement system.
    await returnButton.click();
    await expect(tab.getByRole('heading', { name: 'Requisition received' })).toBeVisible();
    await tab.screenshot({ path: '/tmp/pp-punchout-returned-375.png', fullPage: true });
    expect(procurement.received).toHaveLength(1);
    const message = procurement.received[0] ?? '';
    expect(message).toContain(`<BuyerCookie>${buyerCookie}</BuyerCookie>`);
    // The demo's bearings carry their UNSPSC class (31171500), their sub-categories' parts too.
    expect(message).toContain('<Classification domain="UNSPSC">31171500</Classification>');
    const item =
      /<ItemIn quantity="(\d+)"[^>]*>[\s\S]*?<SupplierPartID>([^<]+)<\/SupplierPartID>[\s\S]*?<Money currency="USD">([\d.]+)<\/Money>/.exec(
        message,
      );
    expect(item?.slice(1)).toEqual([String(line.quantity), part.sku, line.unitPrice.toFixed(2)]);
    // The page that sends the cart, as a browser without scripts shows it (its own button):
    // a second punchout, its cart returned by a request of that browser's context.
    const viewer = await browser.newContext({
      baseURL,
      javaScriptEnabled: false,
      viewport: { width: 375, height: 900 },
    });
    const sender = await viewer.newPage();
    await sender.goto(await procurement.startPage());
    await ok(
      viewer.request.put(`/api/v1/cart/lines/${part._id}`, {
        headers: { origin: shop },
        data: { quantity: line.quantity },
      }),
    );
    const sending = await viewer.request.post('/punchout/return', { headers: { origin: shop } });
    expect(sending.status()).toBe(200);
    await sender.setContent(await sending.text());
    await expect(
      sender.getByRole('heading', { name: `Returning your cart to ${systemName}` }),
    ).toBeVisible();
    await expect(
      sender.getByRole('button', { name: `Return cart to ${systemName}` }),
    ).toBeVisible();
    await sender.screenshot({ path: '/tmp/pp-punchout-autopost-375.png', fullPage: true });
    await atEachWidth(
      sender,
      'punchout-autopost',
      sender.getByRole('button', { name: `Return cart to ${systemName}` }),
    );
    await viewer.close();
    // The punchout's shop session ended with the return.
    expect((await tab.request.get('/api/v1/cart')).status()).toBe(401);

    // The approved PO comes back as an OrderRequest: one order, whatever the retries.
    const poNumber = `PO-E2E-${tag}`;
    const orderRequest = cxml(`${credentials(identity, secret)}
<Request deploymentMode="test"><OrderRequest>
<OrderRequestHeader orderID="${poNumber}" orderDate="${new Date().toISOString()}" type="new">
<Total><Money currency="USD">${(line.unitPrice * line.quantity).toFixed(2)}</Money></Total>
<ShipTo><Address addressID="DOCK"><Name xml:lang="en">PunchOut Works</Name>
<PostalAddress><Street>1 Mill Road</Street><City>Springfield</City><State>IL</State><PostalCode>62701</PostalCode><Country isoCountryCode="US">United States</Country></PostalAddress>
<Phone><TelephoneNumber><CountryCode isoCountryCode="US">1</CountryCode><AreaOrCityCode>217</AreaOrCityCode><Number>5550100</Number></TelephoneNumber></Phone>
</Address></ShipTo>
</OrderRequestHeader>
<ItemOut quantity="${line.quantity}" lineNumber="1"><ItemID><SupplierPartID>${part.sku}</SupplierPartID></ItemID>
<ItemDetail><UnitPrice><Money currency="USD">${line.unitPrice.toFixed(2)}</Money></UnitPrice><Description xml:lang="en">${part.name}</Description><UnitOfMeasure>EA</UnitOfMeasure></ItemDetail></ItemOut>
</OrderRequest></Request>`);
    for (const attempt of [1, 2]) {
      const sent = await fetch(`${shop}/punchout/cxml/order`, {
        method: 'POST',
        headers: { 'content-type': 'text/xml' },
        body: orderRequest,
      });
      const text = await sent.text();
      expect(sent.status, text).toBe(200);
      expect(text).toContain('<Status code="200"');
      if (attempt === 2) expect(text).toContain('already');
    }
    const orders = (await ok(ownerContext.request.get(`/api/v1/purchase/${owner.email}`))) as {
      poNumber: string | null;
      paymentTerms: string;
      price: number;
      lines: { sku: string; unitPrice: number; quantity: number }[];
    }[];
    const placed = orders.filter((order) => order.poNumber === poNumber);
    expect(placed).toHaveLength(1);
    expect(placed[0]?.paymentTerms).toBe('account');
    expect(placed[0]?.lines).toEqual([
      expect.objectContaining({
        sku: part.sku,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
      }),
    ]);
  } finally {
    await buyer.close();
    await ownerContext.close();
    await procurement.close();
  }
});
