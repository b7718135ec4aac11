import { messages } from '@proper-parts/domain/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, sessionFor, setSession, stubApi } from '../../test/auth-stubs';
import { jsonResponse, renderWithProviders } from '../../test/test-utils';
import { SignUpPage } from './signup-page';

const renderSignUp = (state?: unknown) =>
  renderWithProviders(<SignUpPage />, {
    route: '/signup',
    path: '/signup',
    state,
    otherRoutes: [
      { path: '/', element: <h1>Home</h1> },
      { path: '/company/join', element: <h1>Join</h1> },
    ],
  });

const field = (name: 'Name' | 'Email') => screen.getByRole('textbox', { name });
const password = () => screen.getByLabelText('Password');
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

describe('SignUpPage', () => {
  it('is titled "Sign Up", with the right autocomplete hints and a link to sign in', async () => {
    stubApi();
    renderSignUp();

    expect(screen.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument();
    expect(field('Name')).toHaveAttribute('autocomplete', 'name');
    expect(field('Email')).toHaveAttribute('autocomplete', 'email');
    expect(password()).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    // No provider configured (the stub's default): no dead-end social button.
    expect(screen.queryByRole('button', { name: /Continue with/ })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Sign Up | Proper Parts'));
  });

  it('shows every required message in red under its field', async () => {
    const fetchMock = stubApi();
    renderSignUp();

    await submit();

    expect(field('Name')).toHaveAccessibleDescription(messages.nameRequired);
    expect(field('Email')).toHaveAccessibleDescription(messages.emailRequired);
    expect(password()).toHaveAccessibleDescription(messages.passwordRequired);
    for (const message of [
      messages.nameRequired,
      messages.emailRequired,
      messages.passwordRequired,
    ]) {
      expect(screen.getByText(message)).toHaveClass('text-error');
    }
    expect(callsTo(fetchMock, 'POST /api/v1/auth/sign-up/email')).toHaveLength(0);
  });

  it('rejects an invalid email and a short password; a blank name counts as none', async () => {
    stubApi();
    renderSignUp();

    await userEvent.type(field('Name'), '   ');
    await userEvent.type(field('Email'), 'bob@example');
    await userEvent.type(password(), 'abc');
    await submit();

    expect(field('Name')).toHaveAccessibleDescription(messages.nameRequired);
    expect(field('Email')).toHaveAccessibleDescription(messages.emailInvalid);
    expect(password()).toHaveAccessibleDescription(messages.passwordTooShort);
  });

  it("shows the server's message in red under the form when sign-up fails", async () => {
    stubApi({
      'POST /api/v1/auth/sign-up/email': () =>
        jsonResponse(
          {
            message: 'User already exists. Use another email.',
            code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
            success: false,
          },
          422,
        ),
    });
    renderSignUp();

    await userEvent.type(field('Name'), 'Bob');
    await userEvent.type(field('Email'), 'bob@example.com');
    await userEvent.type(password(), 'secret-pass');
    await submit();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('User already exists. Use another email.');
    expect(alert).toHaveClass('text-error');
  });

  it('creates the account and goes home, replacing history', async () => {
    let signedUp = false;
    const fetchMock = stubApi({
      'GET /api/v1/auth/get-session': () =>
        jsonResponse(signedUp ? sessionFor({ name: 'Bob', email: 'bob@example.com' }) : null),
      'POST /api/v1/auth/sign-up/email': () => {
        signedUp = true;
        return jsonResponse({ token: 'token-1', user: { id: 'user-1' } });
      },
    });
    const { router } = renderSignUp();

    await userEvent.type(field('Name'), 'Bob Builder');
    await userEvent.type(field('Email'), 'bob@example.com');
    await userEvent.type(password(), 'secret-pass');
    await submit();

    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(callsTo(fetchMock, 'POST /api/v1/auth/sign-up/email')).toEqual([
      { name: 'Bob Builder', email: 'bob@example.com', password: 'secret-pass' },
    ]);
  });

  it('goes back to the page a guard sent the visitor from (an invitation link, with its token)', async () => {
    let signedUp = false;
    stubApi({
      'GET /api/v1/auth/get-session': () =>
        jsonResponse(signedUp ? sessionFor({ name: 'Bob', email: 'bob@example.com' }) : null),
      'POST /api/v1/auth/sign-up/email': () => {
        signedUp = true;
        return jsonResponse({ token: 'token-1', user: { id: 'user-1' } });
      },
    });
    const { router } = renderSignUp({ from: { pathname: '/company/join', search: '?token=abc' } });
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();

    await userEvent.type(field('Name'), 'Bob Builder');
    await userEvent.type(field('Email'), 'bob@example.com');
    await userEvent.type(password(), 'secret-pass');
    await submit();

    expect(await screen.findByRole('heading', { name: 'Join' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?token=abc');
  });
});
