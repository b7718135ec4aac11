import { messages } from '@proper-parts/domain/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, setSession, stubApi } from '../../test/auth-stubs';
import { jsonResponse, renderWithProviders } from '../../test/test-utils';
import { ResetPasswordPage } from './reset-password-page';

const INVALID_LINK = 'This reset link is invalid or has expired.';

const signInPage = (
  <>
    <h1>Sign In</h1>
    <Toaster />
  </>
);

const renderReset = (route: string) =>
  renderWithProviders(<ResetPasswordPage />, {
    route,
    path: '/reset-password',
    otherRoutes: [{ path: '/signin', element: signInPage }],
  });

const newPassword = () => screen.getByLabelText('New password');
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save new password' }));

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

describe('ResetPasswordPage', () => {
  it.each([
    ['without a token', '/reset-password'],
    ['when the link was refused', '/reset-password?error=INVALID_TOKEN'],
  ])('says the link is invalid %s, and points to sign-in', async (_, route) => {
    stubApi();
    renderReset(route);

    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID_LINK);
    expect(screen.getByRole('link', { name: 'sign-in page' })).toHaveAttribute('href', '/signin');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Reset Password | Proper Parts'));
  });

  it('validates the new password under its field', async () => {
    const fetchMock = stubApi();
    renderReset('/reset-password?token=abc123');

    expect(newPassword()).toHaveAttribute('autocomplete', 'new-password');
    await save();
    expect(newPassword()).toHaveAccessibleDescription(messages.passwordRequired);
    expect(screen.getByText(messages.passwordRequired)).toHaveClass('text-error');

    await userEvent.type(newPassword(), '12345');
    await save();
    expect(newPassword()).toHaveAccessibleDescription(messages.passwordTooShort);
    expect(callsTo(fetchMock, 'POST /api/v1/auth/reset-password')).toHaveLength(0);
  });

  it('saves the new password, toasts and goes to sign in, replacing history', async () => {
    const fetchMock = stubApi({
      'POST /api/v1/auth/reset-password': () => jsonResponse({ status: true }),
    });
    const { router } = renderReset('/reset-password?token=abc123');

    await userEvent.type(newPassword(), 'brand-new-pass');
    await save();

    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(
      await screen.findByText('Your password has been changed. Please sign in.'),
    ).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(callsTo(fetchMock, 'POST /api/v1/auth/reset-password')).toEqual([
      { newPassword: 'brand-new-pass', token: 'abc123' },
    ]);
  });

  it("shows the server's message in red when the token is refused", async () => {
    stubApi({
      'POST /api/v1/auth/reset-password': () =>
        jsonResponse({ message: 'Invalid token', code: 'INVALID_TOKEN', success: false }, 400),
    });
    renderReset('/reset-password?token=used-up');

    await userEvent.type(newPassword(), 'brand-new-pass');
    await save();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid token');
    expect(alert).toHaveClass('text-error');
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
  });
});
