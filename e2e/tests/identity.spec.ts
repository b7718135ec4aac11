import {
  linkIn,
  newAccount,
  readLatestMail,
  signInByForm,
  signUpAdminByApi,
  signUpByApi,
} from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';

const signOutButton = (page: import('@playwright/test').Page) =>
  page.getByRole('button', { name: 'SignOut' });

test('sign up, sign out, then sign in and land back on the page that asked for it', async ({
  page,
}) => {
  const account = newAccount();
  await page.goto('/signup');
  await page.getByLabel('Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(signOutButton(page)).toBeVisible();

  await signOutButton(page).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('link', { name: 'SignIn' })).toBeVisible();

  await page.goto('/dashboard/profile');
  await expect(page).toHaveURL(/\/signin$/);
  await signInByForm(page, account);
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${account.name}` })).toBeVisible();

  // A signed-in user is sent away from the sign-in page.
  await page.goto('/signin');
  await expect(page).toHaveURL(/\/$/);
});

test('every validation message shows under its field, and a wrong password under the form', async ({
  page,
}) => {
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Email is Required')).toBeVisible();
  await expect(page.getByText('Password is Required')).toBeVisible();
  await page.getByLabel('Email').fill('Not An Email');
  await page.getByLabel('Password').fill('12345');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Provide a valid Email')).toBeVisible();
  await expect(page.getByText('Password must be 6 characters or longer')).toBeVisible();

  const account = newAccount();
  await signUpByApi(page.context().request, account);
  await page.context().clearCookies();
  await page.goto('/signin');
  await signInByForm(page, { email: account.email, password: 'wrong-password' });
  await expect(
    page.getByRole('alert').filter({ hasText: 'Invalid email or password' }),
  ).toBeVisible();

  await page.goto('/signup');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Name is Required')).toBeVisible();
  await expect(page.getByText('Email is Required')).toBeVisible();
  await expect(page.getByText('Password is Required')).toBeVisible();
});

test('forgot password: the mailed link sets a new password and the old one stops working', async ({
  page,
}) => {
  const account = newAccount();
  await signUpByApi(page.context().request, account);
  await page.context().clearCookies();

  await page.goto('/signin');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Forgot password' });
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Email Sent!')).toBeVisible();

  const mail = await readLatestMail(account.email, /Reset your Proper Parts password/);
  await page.goto(linkIn(mail));
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel('New password').fill('a-new-secret');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/signin$/);

  await signInByForm(page, account);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Invalid email or password' }),
  ).toBeVisible();
  await signInByForm(page, { email: account.email, password: 'a-new-secret' });
  await expect(signOutButton(page)).toBeVisible();
});

test('sign in with an OpenID Connect provider and come back to the page that asked', async ({
  page,
}) => {
  await page.goto('/dashboard/profile');
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByRole('button', { name: 'Continue with Local OIDC' }).click();

  // The provider's own (development) login and consent screens.
  await page.locator('input[name="login"]').fill('oidcbuyer');
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]').click();

  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(page.getByRole('heading', { name: 'Welcome, OIDC oidcbuyer' })).toBeVisible();
  await expect(page.getByText('oidcbuyer@oidc.test').first()).toBeVisible();
});

const adminPages = [
  '/dashboard/manageOrder',
  '/dashboard/addProduct',
  '/dashboard/admin',
  '/dashboard/manageProducts',
];

/** On /signin and staying there: the old session must not bounce the page on to `/`. */
async function expectToStayOnSignIn(page: import('@playwright/test').Page) {
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  await page.waitForTimeout(1500);
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('link', { name: 'SignIn' })).toBeVisible();
}

for (const adminPage of adminPages) {
  test(`a customer who loads ${adminPage} directly is signed out and stays on sign in`, async ({
    page,
  }) => {
    // Signed in, then the URL typed or opened from a bookmark.
    const account = newAccount();
    await signUpByApi(page.context().request, account);
    await page.goto('/');
    await expect(signOutButton(page)).toBeVisible();
    await page.goto(adminPage);
    await expectToStayOnSignIn(page);
    const session = await page.context().request.get('/api/v1/auth/get-session');
    expect(await session.json()).toBeNull();
  });
}

test('a visitor who loads an admin page directly is sent to sign in', async ({ page }) => {
  for (const adminPage of adminPages) {
    await page.goto(adminPage);
    await expectToStayOnSignIn(page);
  }
});

test('an admin makes a customer an admin', async ({ page, browser }) => {
  const customer = newAccount('buyer');
  await signUpByApi(page.context().request, customer);
  await page.context().clearCookies();

  await signUpAdminByApi(page.context().request);
  await page.goto('/dashboard/admin');
  await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: customer.email });
  await row.getByRole('button', { name: 'Make Admin' }).click();
  await expect(page.getByText('Successfully make an admin')).toBeVisible();
  await expect(row.getByText('Admin', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Make Admin' })).toHaveCount(0);

  // The new admin sees the admin sidebar.
  const other = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const otherPage = await other.newPage();
  await otherPage.goto('/signin');
  await signInByForm(otherPage, customer);
  await expect(otherPage.getByRole('button', { name: 'SignOut' })).toBeVisible();
  await otherPage.goto('/dashboard');
  await expect(otherPage.getByRole('link', { name: 'Manage All Orders' })).toBeVisible();
  await other.close();
});

test('a customer updates the profile, from the very first save', async ({ page }) => {
  const account = newAccount();
  await signUpByApi(page.context().request, account);
  await page.goto('/dashboard/profile');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Profile' });
  await dialog.getByLabel('Name').fill('Renamed Buyer');
  await dialog.getByLabel('City').fill('Peru, IL');
  await dialog.getByLabel('Education').fill('BSc Mechanical Engineering');
  await dialog.getByLabel('Phone').fill('+1 815 555 0100');
  await dialog.getByLabel('Link').fill('https://example.com/renamed');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile update success')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome, Renamed Buyer' })).toBeVisible();
  await page.reload();
  await expect(page.getByText('BSc Mechanical Engineering')).toBeVisible();
  await expect(page.getByText('Peru, IL').first()).toBeVisible();
});
