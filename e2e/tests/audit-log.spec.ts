import { readFileSync } from 'node:fs';
import { signUpAdminByApi } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { atEachWidth } from '../support/widths.ts';

test('an admin finds who changed a price in the audit log and exports it (on a desktop; the log at 375, 768 and 1280 px)', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const admin = await signUpAdminByApi(page.context().request);
  const api = page.context().request;
  // A product far from the home page's newest six, whose prices other journeys read
  // (storefront-home.spec.ts: the Engine Fan at $129).
  const tool = (await (await api.get('/api/v1/tools?limit=1&offset=200')).json()).data[0];
  const price = Number(tool.price);
  const newPrice = Math.round(price * 100 + 17) / 100;
  const edit = await api.patch(`/api/v1/tools/${tool._id}`, {
    data: { price: newPrice },
    headers: { origin: baseURL ?? '' },
  });
  expect(edit.status(), await edit.text()).toBe(200);

  await page.goto('/dashboard/audit');
  await expect(page).toHaveTitle('Audit log | Proper Parts');
  const form = page.getByRole('form', { name: 'Filter the audit log' });
  await form.getByLabel('Action').selectOption({ label: 'Product edited' });
  await form.getByLabel('Target (id, email, or type:id)').fill(`product:${tool._id}`);
  await form.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/action=product\.update/);

  const rows = page.getByTestId('audit-row');
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toContainText(admin.email);
  await expect(row).toContainText(`price ${price.toFixed(2)} → ${newPrice.toFixed(2)}`);
  const diff = row.getByText('Before and after');
  await diff.click();
  await expect(row.getByRole('row', { name: /price/ })).toContainText(String(newPrice));
  // When and from where stay in view beside the change, at every width (on a phone the row
  // stacks into a card: the table scrolled sideways and the time went out of view).
  await expect(row.locator('time')).toBeInViewport();
  await page.setViewportSize({ width: 375, height: 900 });
  await diff.scrollIntoViewIfNeeded();
  await expect(row.locator('time')).toBeInViewport();
  await expect(row.getByText('127.0.0.1')).toBeInViewport();
  await page.setViewportSize({ width: 1280, height: 900 });
  await atEachWidth(page, 'audit-log', row);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const csv = readFileSync(file, 'utf8');
  const lines = csv.trim().split('\n');
  expect(lines[0]).toBe(
    'id,at,actorEmail,actorId,ip,action,targetType,targetId,summary,before,after',
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`product.update,product,${tool._id}`);
  expect(lines[1]).toContain(admin.email);
});
