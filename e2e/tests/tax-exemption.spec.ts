import { chiefRequest, newAccount, signUpByApi } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { atEachWidth } from '../support/widths.ts';

/** Issue 33: the admin's tax exemption form opens on the certificate on record. */
test("a shop admin reads a company's exemption certificate: none, then one that expired", async ({
  page,
  browser,
  baseURL,
}) => {
  const request = page.context().request;
  await signUpByApi(request, newAccount('exempt'));
  const made = await request.post('/api/v1/company', {
    headers: { origin: baseURL ?? '' },
    data: {
      name: 'Lone Star Pumps LLC',
      taxId: '12-3456789',
      billingAddress: '1 Congress Ave, Austin TX 78701',
    },
  });
  expect(made.status(), await made.text()).toBe(200);
  const companyId = (await made.json()).data._id as string;

  const shop = await browser.newContext({
    baseURL,
    storageState: await (await chiefRequest()).storageState(),
  });
  const admin = await shop.newPage();
  await admin.goto(`/dashboard/companies?company=${companyId}`);
  const form = admin.getByRole('form', { name: 'Sales tax exemption' });
  await expect(form.getByRole('status')).toHaveText(
    'No exemption certificate on record: tax is charged.',
  );
  await form.getByLabel('Certificate number').fill('TX-EX-2019-44');
  await form.getByLabel('States (e.g. TX, CA)').fill('TX, OK');
  await form.getByLabel('Expires on').fill('2020-01-31');
  await form.getByRole('button', { name: 'Record certificate' }).click();
  await expect(admin.getByText('Exemption certificate recorded')).toBeVisible();
  // Read back as the page opens it: the certificate in its fields, and plainly expired.
  await admin.reload();
  await expect(form.getByRole('status')).toHaveText(
    'Certificate TX-EX-2019-44 (TX, OK) expired on Jan 31, 2020: tax is charged.',
  );
  await expect(form.getByLabel('Certificate number')).toHaveValue('TX-EX-2019-44');
  await atEachWidth(admin, 'order-to-cash-tax-exemption', form);
  await shop.close();
});
