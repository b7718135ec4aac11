import { type Browser, expect, type Page } from '@playwright/test';
import { type Account, linkIn, readLatestMail, signUpByApi } from './accounts.ts';

/** A colleague signs up in a browser of their own, opens the mailed link and accepts it. */
export async function joinFromMail(browser: Browser, baseURL: string, width: number, who: Account) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  await signUpByApi(context.request, who);
  const page = await context.newPage();
  const mail = await readLatestMail(who.email, /invited to a company account/);
  await page.goto(linkIn(mail));
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page).toHaveURL(/\/dashboard\/company$/);
  return page;
}

export async function invite(
  page: Page,
  email: string,
  role: 'Buyer' | 'Approver',
  limit?: number,
) {
  const form = page.getByRole('form', { name: 'Invite a colleague' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Role').selectOption({ label: role });
  if (limit !== undefined) await form.getByLabel('Limit per order ($)').fill(String(limit));
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
}
