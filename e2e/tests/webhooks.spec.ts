import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request as newRequest } from '@playwright/test';
import { newAccount, signUpAdminByApi, signUpByApi } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { atEachWidth } from '../support/widths.ts';

/** A receiver on loopback (the journeys' server runs with WEBHOOK_ALLOW_PRIVATE_NETWORKS=true). */
async function startReceiver() {
  const received: { headers: IncomingHttpHeaders; body: string; status: number }[] = [];
  let failNext = 1;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = failNext > 0 ? 500 : 200;
      failNext -= 1;
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString(), status });
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status === 200 ? 'thanks' : 'receiver down for maintenance');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks/e2e`, received, close: () => server.close() };
}

test('an admin registers a webhook, copies its secret once, and sees a delivery fail, retry and resend (on a desktop; each screen at 375, 768 and 1280 px)', async ({
  page,
  baseURL,
}) => {
  const receiver = await startReceiver();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpAdminByApi(page.context().request);

  await page.goto('/dashboard/webhooks');
  await expect(page).toHaveTitle('Webhooks | Proper Parts');
  const form = page.getByRole('form', { name: 'New webhook endpoint' });
  // Nothing filled in: a red line under each bad field.
  await form.getByRole('button', { name: 'Register endpoint' }).click();
  const url = form.getByLabel('URL');
  await expect(form.getByText('URL is Required')).toBeVisible();
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await expect(url).toHaveClass(/input-error/);
  await expect(form.getByText('Choose at least one event')).toBeVisible();
  await atEachWidth(page, 'webhooks-invalid', form.getByText('Choose at least one event'));
  await page.screenshot({ path: '/tmp/pp-webhooks-invalid-1280.png', fullPage: true });

  // Not a URL: refused under the field.
  await url.fill('not a url');
  await form.getByLabel(/Company created/).check();
  await form.getByRole('button', { name: 'Register endpoint' }).click();
  await expect(form.getByText(/Provide a valid URL/)).toBeVisible();

  await url.fill(receiver.url);
  await form.getByRole('button', { name: 'Register endpoint' }).click();
  const shown = page.getByRole('region', { name: "Your endpoint's signing secret" });
  const secretField = shown.getByLabel('Signing secret');
  await expect(secretField).toHaveValue(/^whsec_[\w-]{43}$/);
  const secret = await secretField.inputValue();
  await shown.getByRole('button', { name: 'Copy' }).click();
  await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(secret);
  const row = page.getByTestId('webhook-row').filter({ hasText: receiver.url });
  await expect(row).toContainText('company.created');
  await expect(row).toContainText('Active');
  await expect(row).not.toContainText(secret);
  await page.screenshot({ path: '/tmp/pp-webhooks-created-1280.png', fullPage: true });
  await atEachWidth(page, 'webhooks-created', secretField);
  await page.getByRole('button', { name: 'I have stored it' }).click();
  await expect(shown).toBeHidden();

  // A customer makes a company: the receiver is down for the first post, up for the retry.
  const customer = await newRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? '' },
  });
  await signUpByApi(customer, newAccount('hooks'));
  const companyName = `Hooked Works ${Date.now()}`;
  const made = await customer.post('/api/v1/company', {
    data: { name: companyName, billingAddress: '1 Hook Road, Springfield IL' },
  });
  expect(made.status(), await made.text()).toBe(200);
  const mine = () => receiver.received.filter((r) => JSON.parse(r.body).data?.name === companyName);
  await expect
    .poll(() => mine().filter((r) => r.status === 200).length, {
      timeout: 20_000,
    })
    .toBe(1);
  const [first, retried] = mine();
  expect(first?.status).toBe(500);
  const body = retried?.body ?? '';
  const event = JSON.parse(body);
  expect(Object.keys(event)).toEqual(['id', 'type', 'created', 'data']);
  expect(event.type).toBe('company.created');
  const [t, v1] = String(retried?.headers['proper-parts-signature'])
    .split(',')
    .map((part) => part.split('=')[1]);
  expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));

  // The page shows the delivery: delivered after 2 attempts, the answer's head, the latency.
  await row.getByRole('button', { name: 'Deliveries' }).click();
  const delivery = row.getByTestId('webhook-delivery').filter({ hasText: event.id });
  await expect(delivery).toContainText('delivered');
  await expect(delivery).toContainText('HTTP 200');
  await expect(delivery).toContainText('thanks');
  await expect(delivery).toContainText(/\d+ ms/);
  await expect(delivery.getByText('Attempts').locator('xpath=following-sibling::dd[1]')).toHaveText(
    '2',
  );
  await delivery.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/pp-webhooks-deliveries-1280.png', fullPage: true });

  // Resend: the receiver gets the same event (same id) again.
  await delivery.getByRole('button', { name: /Resend/ }).click();
  await expect(page.getByText('Delivery queued again')).toBeVisible();
  await expect.poll(() => mine().length, { timeout: 20_000 }).toBe(3);
  expect(JSON.parse(mine()[2]?.body ?? '{}').id).toBe(event.id);
  await atEachWidth(page, 'webhooks-deliveries', delivery);

  // Delete it: gone from the list.
  await row.getByRole('button', { name: /^Delete/ }).click();
  await page.getByRole('button', { name: 'Yes, delete it' }).click();
  await expect(row).toBeHidden();
  receiver.close();
  await customer.dispose();
});
