import {
  confirmationTokenFor,
  E2E_LISTED_OWNER_EMAIL,
  newAccount,
  signInByForm,
  signUpByApi,
} from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';

test('a buyer signs up with a business address, is told of the mail, and confirms it signed in', async ({
  page,
}) => {
  const email = `Kim.Lee${Date.now()}@Parts-Supply.co.uk`;
  await page.goto('/signup');
  await page.getByLabel('Name').fill('Kim Lee');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(/We mailed you a link to confirm your address/)).toBeVisible();

  const token = await confirmationTokenFor(email.toLowerCase());
  await page.goto(`/verify-email?token=${token}`);
  await expect(page.getByText('Your email address is confirmed.')).toBeVisible();
  await expect(page.getByText(email.toLowerCase())).toBeVisible();
});

test('the ADMIN_EMAILS owner is a customer until the address is confirmed; a signed-out link asks for the password and signs nobody in', async ({
  page,
  browser,
}) => {
  const owner = { name: 'John Smith', email: E2E_LISTED_OWNER_EMAIL, password: 'secret123' };
  await page.goto('/signup');
  await page.getByLabel('Name').fill(owner.name);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'My Orders' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Manage All Orders' })).toHaveCount(0);

  // The link opened in another browser, signed out: no session, the password is asked for.
  const elsewhere = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const linkPage = await elsewhere.newPage();
  await linkPage.goto(`/verify-email?token=${await confirmationTokenFor(owner.email)}`);
  await expect(
    linkPage.getByText('To confirm this address, type the password of the account'),
  ).toBeVisible();
  await linkPage.getByLabel('Password').fill('not-the-password');
  await linkPage.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(linkPage.getByText('That is not the password of this account.')).toBeVisible();
  await linkPage.getByLabel('Password').fill(owner.password);
  await linkPage.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(linkPage.getByText('Your email address is confirmed.')).toBeVisible();
  const session = await elsewhere.request.get('/api/v1/auth/get-session');
  expect(await session.json()).toBeNull();
  await elsewhere.close();

  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'Manage All Orders' })).toBeVisible();
});

test('an OIDC login that claims an existing email without verifying it is refused, with a clear message', async ({
  page,
}) => {
  const victim = newAccount('victim');
  victim.email = victim.email.replace('@example.com', '@oidc.test');
  await signUpByApi(page.context().request, victim);
  await page.context().clearCookies();

  await page.goto('/signin');
  await page.getByRole('button', { name: 'Continue with Local OIDC' }).click();
  await page.locator('input[name="login"]').fill(`${victim.email.split('@')[0]}~unverified`);
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]').click();

  await expect(page).toHaveURL(/\/signin/);
  await expect(
    page.getByText(/your sign-in provider does not say the email is verified/),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'SignIn' })).toBeVisible();
  const session = await page.context().request.get('/api/v1/auth/get-session');
  expect(await session.json()).toBeNull();

  // The owner still signs in with the password.
  await signInByForm(page, victim);
  await expect(page.getByRole('button', { name: 'SignOut' })).toBeVisible();
});

test('a verified OIDC login joining a never-confirmed account first removes the pre-registrant password and sessions', async ({
  page,
  browser,
}) => {
  // The attacker pre-registers the owner's address with a password of his own.
  const attacker = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    extraHTTPHeaders: { origin: process.env.E2E_BASE_URL ?? '' },
  });
  const owner = newAccount('owner');
  const ownerLogin = owner.email.split('@')[0] ?? '';
  const planted = { ...owner, email: `${ownerLogin}@oidc.test`, password: 'attackers-own' };
  await signUpByApi(attacker.request, planted);
  expect(await (await attacker.request.get('/api/v1/auth/get-session')).json()).not.toBeNull();

  // The owner signs in with the provider, which vouches for the address.
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Continue with Local OIDC' }).click();
  await page.locator('input[name="login"]').fill(ownerLogin);
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]').click();
  await expect(page.getByRole('button', { name: 'SignOut' })).toBeVisible();

  // The attacker's session is gone, and his password opens nothing.
  expect(await (await attacker.request.get('/api/v1/auth/get-session')).json()).toBeNull();
  const again = await attacker.request.post('/api/v1/auth/sign-in/email', {
    data: { email: planted.email, password: planted.password },
  });
  expect(again.status()).toBe(401);
  await attacker.close();
});
