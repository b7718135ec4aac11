import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Issue 19, paying on account: the shop admin's and the company's steps, for the journeys. `page`
 * is signed in as a shop admin (the first two) or as a company admin or approver (the last).
 */

/** Shop admin: opens the company from the Companies list and saves net terms and a credit limit. */
export async function grantTermsByForm(
  page: Page,
  companyName: string,
  terms: { termsDays: 15 | 30 | 60 | null; creditLimit: number },
) {
  await page.goto('/dashboard/companies');
  await page.getByRole('link', { name: companyName, exact: true }).click();
  await expect(page.getByRole('heading', { name: companyName })).toBeVisible();
  const form = page.getByRole('form', { name: 'Terms and credit' });
  await form
    .getByLabel('Payment terms')
    .selectOption(terms.termsDays ? String(terms.termsDays) : '');
  await form.getByLabel('Credit limit ($)').fill(String(terms.creditLimit));
  await form.getByRole('button', { name: 'Save terms' }).click();
  await expect(page.getByText(new RegExp(`^${escapeRegExp(companyName)}: `))).toBeVisible();
}

/** Shop admin: records a payment of what is still owed (the form's prefilled amount). */
export async function recordPaymentByForm(
  page: Page,
  companyName: string,
  invoiceNumber: string,
  reference = 'Wire e2e',
) {
  await page.goto('/dashboard/companies');
  await page.getByRole('link', { name: companyName, exact: true }).click();
  await page.getByRole('button', { name: `Record payment for invoice ${invoiceNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: `Record a payment: invoice ${invoiceNumber}` });
  await dialog.getByLabel('Reference (optional)').fill(reference);
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText(`Invoice ${invoiceNumber} is paid in full`)).toBeVisible();
}

/** Company admin or approver: the statement lists the invoice with its due day and status. */
export async function expectOnStatement(
  page: Page,
  invoiceNumber: string,
  status: 'Open' | 'Overdue' | 'Paid',
) {
  await page.goto('/dashboard/statement');
  const row = page.getByTestId('invoice-row').filter({ hasText: invoiceNumber });
  await expect(row).toBeVisible();
  await expect(row.locator('.badge')).toHaveText(status);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
