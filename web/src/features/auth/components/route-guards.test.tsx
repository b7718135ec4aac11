import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../test/test-utils';

type SessionAnswer = 'pending' | 'network-error' | null | { role: 'admin' | 'user' };

function SignInProbe() {
  const location = useLocation();
  return <p>sign-in page, from {JSON.stringify(location.state)}</p>;
}

/**
 * The guards read the session from the real better-auth client; the network is the stub. The
 * client keeps its session in a module singleton, so each test imports a fresh copy.
 */
async function renderGuarded(answer: SessionAnswer, guard: 'auth' | 'admin') {
  const signOutCalls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/sign-out')) {
        signOutCalls.push(url);
        return jsonResponse({ success: true });
      }
      // Like the server: once signed out, the session is gone.
      if (signOutCalls.length > 0) return jsonResponse(null);
      if (answer === 'pending') return new Promise<Response>(() => {});
      if (answer === 'network-error') throw new TypeError('Failed to fetch');
      if (answer === null) return jsonResponse(null);
      const now = new Date().toISOString();
      return jsonResponse({
        user: {
          id: 'u1',
          email: 'buyer@example.com',
          name: 'Buyer',
          role: answer.role,
          emailVerified: false,
          createdAt: now,
          updatedAt: now,
        },
        session: {
          id: 's1',
          userId: 'u1',
          token: 't',
          expiresAt: now,
          createdAt: now,
          updatedAt: now,
        },
      });
    }),
  );
  const { RequireAdmin, RequireAuth } = await import('./route-guards');
  // The identity client loads after the entry chunk; load this test's fresh copy now, so that a
  // copy still loading from the previous test (modules are reset) cannot answer for this one.
  await (await import('../session-store')).loadAuthClient();
  const Guard = guard === 'auth' ? RequireAuth : RequireAdmin;
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard/admin',
        element: (
          <Guard>
            <p>protected content</p>
          </Guard>
        ),
      },
      { path: '/signin', element: <SignInProbe /> },
    ],
    { initialEntries: ['/dashboard/admin?tab=1'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, signOutCalls };
}

beforeEach(() => vi.resetModules());
afterEach(() => vi.unstubAllGlobals());

describe('RequireAuth', () => {
  it("shows 'please wait a few seconds' while the session check is pending", async () => {
    await renderGuarded('pending', 'auth');
    expect(await screen.findByText('please wait a few seconds')).toBeInTheDocument();
    // A screen tall, like the layout's own spinner: the footer does not jump up and back down.
    expect(screen.getByRole('status')).toHaveClass('min-h-dvh');
  });

  it('sends a visitor to /signin, remembering the page, replacing history', async () => {
    const { router } = await renderGuarded(null, 'auth');
    expect(await screen.findByText(/sign-in page/)).toHaveTextContent(
      'from {"from":{"pathname":"/dashboard/admin","search":"?tab=1"}}',
    );
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('does not spin forever when the session check fails', async () => {
    await renderGuarded('network-error', 'auth');
    expect(await screen.findByText(/sign-in page/)).toBeInTheDocument();
  });

  it('lets a signed-in user in', async () => {
    await renderGuarded({ role: 'user' }, 'auth');
    expect(await screen.findByText('protected content')).toBeInTheDocument();
  });
});

describe('RequireAdmin', () => {
  it('signs a non-admin out and sends them to /signin', async () => {
    const { signOutCalls } = await renderGuarded({ role: 'user' }, 'admin');
    expect(await screen.findByText(/sign-in page/)).toBeInTheDocument();
    expect(signOutCalls).toHaveLength(1);
    expect(screen.queryByText('protected content')).not.toBeInTheDocument();
  });

  it('lets an admin in', async () => {
    const { signOutCalls } = await renderGuarded({ role: 'admin' }, 'admin');
    expect(await screen.findByText('protected content')).toBeInTheDocument();
    expect(signOutCalls).toHaveLength(0);
  });

  it('sends a visitor to /signin without spinning', async () => {
    await renderGuarded('network-error', 'admin');
    expect(await screen.findByText(/sign-in page/)).toBeInTheDocument();
  });
});
