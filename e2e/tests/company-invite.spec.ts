import type { Page } from '@playwright/test';
import { linkIn, newAccount, readLatestMail } from '../support/accounts.ts';
import { fillAddress, hull, leeds } from '../support/addresses.ts';
import { expect, test } from '../support/fixtures.ts';
import { atEachWidth } from '../support/widths.ts';

async function signUpByForm(page: Page, account: ReturnType<typeof newAccount>) {
  await page.getByLabel('Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
}

test('a customer creates a company and invites a colleague, who signs up from the mailed link and joins once (the owner on a desktop, the colleague on a phone; each screen at 375, 768 and 1280 px)', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = newAccount('owner');
  const colleague = newAccount('colleague');
  const companyName = `Acme ${Date.now().toString(36)} Ltd`;

  // The owner signs up and creates the company.
  await page.goto('/signup');
  await signUpByForm(page, owner);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard/company');
  await expect(page.getByRole('heading', { name: 'Create your company' })).toBeVisible();
  await expect(page.getByText('Ask your company admin for an invitation')).toBeVisible();
  await page.getByRole('button', { name: 'Create company' }).click();
  await expect(page.getByText('Legal name is required')).toBeVisible();
  await page.getByLabel('Legal name').fill(companyName);
  await page.getByLabel('Tax or VAT number (optional)').fill('GB123456789');
  await fillAddress(page, leeds);
  await page.getByRole('button', { name: 'Create company' }).click();
  await expect(page.getByRole('heading', { name: companyName })).toBeVisible();
  await expect(page.locator('aside').getByText('Company admin', { exact: true })).toBeVisible();

  // An address for the book, and the invitation.
  const book = page.getByRole('form', { name: 'Add an address' });
  await book.getByLabel('Label').fill('Warehouse');
  await fillAddress(book, hull);
  await book.getByRole('button', { name: 'Add address' }).click();
  await expect(page.getByTestId('address').filter({ hasText: 'Warehouse' })).toBeVisible();
  const invite = page.getByRole('form', { name: 'Invite a colleague' });
  await invite.getByLabel('Email').fill(colleague.email);
  await invite.getByLabel('Limit per order ($)').fill('250');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${colleague.email}`)).toBeVisible();
  const invitation = page.getByTestId('invitation').filter({ hasText: colleague.email });
  await expect(invitation).toBeVisible();
  await atEachWidth(page, 'company-admin', invitation);

  // The colleague opens the mailed link signed out: sign-in, then sign-up, then back to it.
  const mail = await readLatestMail(colleague.email, /invited to a company account/);
  expect(mail).not.toContain(companyName);
  const link = linkIn(mail);
  expect(link).toContain('/company/join?token=');
  const other = await browser.newContext({ baseURL, viewport: { width: 375, height: 900 } });
  const invitee = await other.newPage();
  // A page the app has: 200 (it answered 404 while rendered on the server as an unknown page).
  expect((await invitee.goto(link))?.status()).toBe(200);
  await expect(invitee).toHaveURL(/\/signin$/);
  await invitee.getByRole('link', { name: 'Create an account' }).click();
  await signUpByForm(invitee, colleague);
  await expect(invitee).toHaveURL(/\/company\/join\?token=/);
  await expect(invitee.getByText('invites you')).toContainText(
    `${companyName} invites you (${colleague.email}) to join as Buyer.`,
  );
  await atEachWidth(invitee, 'company-join', invitee.getByText('invites you'));
  await invitee.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(invitee).toHaveURL(/\/dashboard\/company$/);
  await expect(invitee.getByRole('heading', { name: companyName })).toBeVisible();
  await expect(invitee.getByText('Up to $250 per order', { exact: false }).first()).toBeVisible();
  await expect(invitee.getByRole('form', { name: 'Invite a colleague' })).toHaveCount(0);
  // A buyer may leave; their name and the You badge read apart.
  const mine = invitee.getByTestId('member').filter({ hasText: colleague.email });
  await expect(mine.getByRole('button', { name: 'Leave' })).toBeVisible();
  await expect(mine.locator('p').first()).toHaveText(`${colleague.name} You`);
  await atEachWidth(invitee, 'company-buyer', mine);

  // The owner sees the new member; the link does not work a second time.
  await page.reload();
  const theirs = page.getByTestId('member').filter({ hasText: colleague.email });
  await expect(theirs).toBeVisible();
  await expect(page.getByTestId('invitation')).toHaveCount(0);
  // The only company admin is offered no Leave (the company would have no admin), only why.
  const ownCard = page.getByTestId('member').filter({ hasText: owner.email });
  await expect(ownCard).toContainText('You are the only company admin');
  await expect(ownCard.getByRole('button', { name: 'Leave' })).toHaveCount(0);
  await expect(theirs.getByRole('button', { name: 'Remove' })).toBeVisible();
  await atEachWidth(page, 'company-members', theirs);
  await invitee.goto(link);
  await expect(invitee.getByRole('alert')).toHaveText('This invitation has already been used');
  await expect(invitee.getByRole('button', { name: 'Accept invitation' })).toHaveCount(0);
  await atEachWidth(invitee, 'company-join-used', invitee.getByRole('alert'));
  await other.close();
});
