import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, request } from '@playwright/test';
import { linkIn, readableMail } from '../../server/test/mail-text.ts';

export { linkIn };

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

/** The token of the newest confirmation link mailed to `email`. */
export async function confirmationTokenFor(email: string) {
  const link = new URL(linkIn(await readLatestMail(email, /Confirm your Proper Parts email/)));
  return link.searchParams.get('token') ?? '';
}

/** Confirms `email` from its mailed link, signed in to the account in `context`. */
export async function confirmByApi(context: APIRequestContext, email: string) {
  const res = await context.post('/api/v1/email-confirmation', {
    data: { token: await confirmationTokenFor(email) },
    // As the page would send it: a cookie-carrying POST needs the shop's Origin.
    headers: { origin: process.env.E2E_BASE_URL ?? '' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Bootstrapped admin of the journeys (ADMIN_EMAILS in global-setup). */
export const E2E_ADMIN_EMAIL = 'chief@properparts.com';
/** Also on ADMIN_EMAILS; the journey that proves it is admin only after confirming uses it. */
export const E2E_LISTED_OWNER_EMAIL = 'john.smith@acme-corp.com';
export const chief: Account = { name: 'Chief', email: E2E_ADMIN_EMAIL, password: 'secret123' };

let chiefContext: Promise<APIRequestContext> | undefined;

/** A request context signed in as the bootstrapped admin (signed up on first use). */
export function chiefRequest(): Promise<APIRequestContext> {
  chiefContext ??= (async () => {
    const baseURL = process.env.E2E_BASE_URL;
    const context = await request.newContext({
      baseURL,
      extraHTTPHeaders: { origin: baseURL ?? '' },
    });
    const signIn = await context.post('/api/v1/auth/sign-in/email', { data: chief });
    if (signIn.status() !== 200) {
      const signUp = await context.post('/api/v1/auth/sign-up/email', { data: chief });
      if (signUp.status() === 200) {
        // A listed address is admin only once confirmed: the mailed link, opened signed in.
        await confirmByApi(context, chief.email);
        return context;
      }
      expect(signUp.status(), await signUp.text()).toBe(422);
    }
    // Two journeys starting together on a fresh shop: the other one signed the chief up, and
    // signing in may come before its confirmation made the chief an admin (a grant then answered
    // 403). Wait until it has.
    await expect(async () => {
      const again = await context.post('/api/v1/auth/sign-in/email', { data: chief });
      expect(again.status()).toBe(200);
      const session = await (await context.get('/api/v1/auth/get-session')).json();
      expect(session?.user?.role).toBe('admin');
    }).toPass({ timeout: 30_000 });
    return context;
  })();
  return chiefContext;
}

/**
 * A new admin, signed in in `context`'s cookie jar: signed up like any customer, then made admin
 * by the bootstrapped admin through Make Admin. Journeys that need an admin use this.
 */
export async function signUpAdminByApi(context: APIRequestContext, account = newAccount('admin')) {
  await signUpByApi(context, account);
  const grant = await (await chiefRequest()).put(`/api/v1/user/admin/${account.email}`);
  expect(grant.status(), await grant.text()).toBe(200);
  return account;
}
