import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { readableMail } from '../../server/test/mail-text.ts';

export { linkIn } from '../../server/test/mail-text.ts';

export interface Account {
  name: string;
  email: string;
  password: string;
}

let sequence = 0;

/** A new account's details; emails match the spec's pattern (lowercase letters and digits). */
export function newAccount(prefix = 'buyer'): Account {
  sequence += 1;
  const id = `${Date.now().toString(36)}${sequence}`.replace(/[^a-z0-9]/g, '');
  return { name: `${prefix} ${id}`, email: `${prefix}${id}@example.com`, password: 'secret123' };
}

/** Creates the account through the API; the page's context keeps the session cookie. */
export async function signUpByApi(request: APIRequestContext, account: Account) {
  const res = await request.post('/api/v1/auth/sign-up/email', { data: account });
  expect(res.status(), await res.text()).toBe(200);
}

export async function signInByForm(page: Page, account: Pick<Account, 'email' | 'password'>) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** The newest mail written to DATA_DIR/mail for `to` (the server runs without SMTP_URL). */
export async function readLatestMail(to: string, subject: RegExp): Promise<string> {
  const dir = join(process.env.E2E_DATA_DIR ?? '', 'mail');
  for (let i = 0; i < 40; i++) {
    const files = (() => {
      try {
        return readdirSync(dir)
          .filter((f) => f.includes(to))
          .sort();
      } catch {
        return [];
      }
    })();
    for (const file of files.reverse()) {
      const raw = readableMail(readFileSync(join(dir, file), 'utf8'));
      if (subject.test(raw)) return raw;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} matching ${subject} in ${dir}`);
}
