import { messages } from '@proper-parts/domain/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, sessionFor, setSession, stubApi } from '../../test/auth-stubs';
import { jsonResponse, renderWithProviders } from '../../test/test-utils';
import { SignInPage } from './signin-page';

const otherRoutes = [
  { path: '/', element: <h1>Home</h1> },
  { path: '/dashboard', element: <h1>Dashboard</h1> },
];

const renderSignIn = ({ route = '/signin', state }: { route?: string; state?: unknown } = {}) =>
  renderWithProviders(
    <>
      <SignInPage />
      <Toaster />
    </>,
    { route, path: '/signin', state, otherRoutes },
  );

const invalidCredentials = () =>
  jsonResponse(
    { message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD', success: false },
    401,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

describe('SignInPage', () => {
  it('is titled "Sign In" and links to sign-up', async () => {
    stubApi();
    renderSignIn();

    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/signup',
    );
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    await waitFor(() => expect(document.title).toBe('Sign In | Proper Parts'));
  });

  it('shows the required messages in red under their fields', async () => {
    const fetchMock = stubApi();
    renderSignIn();

    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    const email = screen.getByRole('textbox', { name: 'Email' });
    const password = screen.getByLabelText('Password');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(messages.emailRequired);
    expect(password).toHaveAccessibleDescription(messages.passwordRequired);
    expect(screen.getByText(messages.emailRequired)).toHaveClass('text-error');
    expect(screen.getByText(messages.passwordRequired)).toHaveClass('text-error');
    expect(callsTo(fetchMock, 'POST /api/v1/auth/sign-in/email')).toHaveLength(0);
  });

  it('rejects an invalid email and a short password', async () => {
    stubApi();
    renderSignIn();

    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'bob@example');
    await userEvent.type(screen.getByLabelText('Password'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      messages.emailInvalid,
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      messages.passwordTooShort,
    );
  });

  it("shows the server's message in red under the form when sign-in fails", async () => {
    const fetchMock = stubApi({ 'POST /api/v1/auth/sign-in/email': invalidCredentials });
    renderSignIn();

    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'bob@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid email or password');
    expect(alert).toHaveClass('text-error');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(callsTo(fetchMock, 'POST /api/v1/auth/sign-in/email')).toEqual([
      { email: 'bob@example.com', password: 'wrong-password' },
    ]);
  });

  it('goes back to the page the user came from after signing in, replacing history', async () => {
    let signedIn = false;
    stubApi({
      'GET /api/v1/auth/get-session': () =>
        jsonResponse(signedIn ? sessionFor({ name: 'Bob', email: 'bob@example.com' }) : null),
      'POST /api/v1/auth/sign-in/email': () => {
        signedIn = true;
        return jsonResponse({ redirect: false, token: 'token-1', user: { id: 'user-1' } });
      },
    });
    const { router } = renderSignIn({
      state: { from: { pathname: '/dashboard', search: '?tab=orders' } },
    });

    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'bob@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=orders');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends a user who is already signed in home', async () => {
    const session = sessionFor({ name: 'Bob', email: 'bob@example.com' });
    stubApi({ 'GET /api/v1/auth/get-session': () => jsonResponse(session) });
    setSession(session);
    const { router } = renderSignIn();

    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  describe('forgot-password modal', () => {
    const openModal = async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
      return screen.getByRole('dialog', { name: 'Forgot password' });
    };

    it('validates the email under the field', async () => {
      stubApi();
      renderSignIn();
      const dialog = await openModal();

      await userEvent.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
      expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription(
        messages.emailRequired,
      );

      await userEvent.type(within(dialog).getByLabelText('Email'), 'not-an-email');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
      expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription(
        messages.emailInvalid,
      );
      expect(within(dialog).getByText(messages.emailInvalid)).toHaveClass('text-error');

      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      // Closed, it leaves a single "Email" field on the page.
      expect(screen.getAllByLabelText('Email')).toHaveLength(1);
    });

    it("asks for a reset link, closes and toasts 'Email Sent!'", async () => {
      const fetchMock = stubApi({
        'POST /api/v1/auth/request-password-reset': () =>
          jsonResponse({ status: true, message: 'If this email exists, we sent a link.' }),
      });
      renderSignIn();

      await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'bob@example.com');
      const dialog = await openModal();
      expect(within(dialog).getByLabelText('Email')).toHaveValue('bob@example.com');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send reset link' }));

      expect(await screen.findByText(messages.emailSent)).toBeInTheDocument();
      expect(screen.queryByRole('dialog', { name: 'Forgot password' })).not.toBeInTheDocument();
      expect(callsTo(fetchMock, 'POST /api/v1/auth/request-password-reset')).toEqual([
        { email: 'bob@example.com', redirectTo: '/reset-password' },
      ]);
    });

    it('shows a failure inside the modal and stays open', async () => {
      stubApi({
        'POST /api/v1/auth/request-password-reset': () =>
          jsonResponse({ success: false, message: messages.tooManyRequests }, 429),
      });
      renderSignIn();
      const dialog = await openModal();

      await userEvent.type(within(dialog).getByLabelText('Email'), 'bob@example.com');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send reset link' }));

      expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.tooManyRequests);
      expect(screen.getByRole('dialog', { name: 'Forgot password' })).toBeInTheDocument();
      expect(screen.queryByText(messages.emailSent)).not.toBeInTheDocument();
    });
  });

  describe('social sign-in', () => {
    it('offers no social button and no OR when the server has no provider configured', async () => {
      const fetchMock = stubApi();
      renderSignIn();
      await waitFor(() => expect(callsTo(fetchMock, 'GET /api/v1/auth-options')).toHaveLength(1));
      await screen.findByRole('button', { name: 'Sign In' });
      expect(screen.queryByText('OR')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Continue with/ })).not.toBeInTheDocument();
    });

    it('shows Continue with Google when Google is configured', async () => {
      stubApi({
        'GET /api/v1/auth-options': () =>
          jsonResponse({ success: true, data: { social: { id: 'google', name: 'Google' } } }),
      });
      renderSignIn();
      expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeEnabled();
      expect(screen.getByText('OR')).toBeInTheDocument();
    });

    it('names the configured provider and starts its sign-in, back to the origin page', async () => {
      const fetchMock = stubApi({
        'GET /api/v1/auth-options': () =>
          jsonResponse({ success: true, data: { social: { id: 'oidc', name: 'Local OIDC' } } }),
        'POST /api/v1/auth/sign-in/social': () =>
          jsonResponse({ url: 'http://localhost:3000/#provider', redirect: true }),
      });
      renderSignIn({ state: { from: { pathname: '/purchase/42', search: '' } } });

      const button = await screen.findByRole('button', { name: 'Continue with Local OIDC' });
      await userEvent.click(button);

      await waitFor(() =>
        expect(callsTo(fetchMock, 'POST /api/v1/auth/sign-in/social')).toEqual([
          { provider: 'oidc', callbackURL: '/purchase/42', errorCallbackURL: '/signin' },
        ]),
      );
      // The browser is leaving for the provider: the button keeps its spinner.
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('aria-busy', 'true');
    });

    it("shows the provider's error from the URL in red", async () => {
      stubApi();
      renderSignIn({ route: '/signin?error=access_denied' });

      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('Sign-in failed: access denied.');
      expect(alert).toHaveClass('text-error');
    });
  });
});
