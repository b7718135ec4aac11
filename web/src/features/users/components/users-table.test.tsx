import { messages } from '@proper-parts/domain/messages';
import type { UserSummary } from '@proper-parts/domain/users';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, setSession, stubApi } from '../../../../test/auth-stubs';
import { admin, signInAs } from '../../../../test/signed-in';
import { jsonResponse, renderWithProviders } from '../../../../test/test-utils';
import { api } from '../../../config/paths';
import { UsersTable } from './users-table';

const users: UserSummary[] = [
  { _id: 'u1', name: 'Chief', email: 'boss@example.com', role: 'admin' },
  { _id: 'u2', name: 'Bea Buyer', email: 'buyer@example.com', role: 'user' },
];

const USERS = 'GET /api/v1/user';
const MAKE_BUYER_ADMIN = `PUT ${api.makeAdmin('buyer@example.com')}`;

const renderTable = () =>
  renderWithProviders(
    <>
      <UsersTable />
      <Toaster />
    </>,
  );

const rowOf = (email: string) => screen.getByRole('row', { name: new RegExp(email) });

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

describe('UsersTable', () => {
  it('lists users with #, Name, Email and a Make Admin button only for non-admins', async () => {
    stubApi({ ...signInAs(admin), [USERS]: () => jsonResponse({ success: true, data: users }) });
    renderTable();

    expect(screen.getByRole('status')).toBeInTheDocument();
    await screen.findByRole('table');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      '#',
      'Name',
      'Email',
      'Role / Action',
    ]);
    const adminRow = rowOf('boss@example.com');
    expect(within(adminRow).getByText('Admin', { exact: true })).toBeInTheDocument();
    expect(within(adminRow).queryByRole('button')).not.toBeInTheDocument();
    const buyerRow = rowOf('buyer@example.com');
    expect(within(buyerRow).getByRole('rowheader')).toHaveTextContent('2');
    expect(within(buyerRow).getByText('Bea Buyer')).toBeInTheDocument();
    expect(within(buyerRow).getByRole('button', { name: 'Make Admin' })).toBeEnabled();
  });

  it('makes a user an admin, toasts it and shows the refreshed list', async () => {
    const user = userEvent.setup();
    let stored = users;
    const fetchMock = stubApi({
      ...signInAs(admin),
      [USERS]: () => jsonResponse({ success: true, data: stored }),
      [MAKE_BUYER_ADMIN]: () => {
        stored = users.map((u) => ({ ...u, role: 'admin' as const }));
        return jsonResponse({ success: true, data: { modifiedCount: 1 } });
      },
    });
    renderTable();

    await user.click(await screen.findByRole('button', { name: 'Make Admin' }));

    expect(await screen.findByText(messages.madeAdmin)).toBeInTheDocument();
    const buyerRow = rowOf('buyer@example.com');
    expect(within(buyerRow).getByText('Admin', { exact: true })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make Admin' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, MAKE_BUYER_ADMIN)).toEqual([undefined]);
    expect(callsTo(fetchMock, USERS)).toHaveLength(2);
  });

  it("toasts 'Failed to Make an Admin' when the server answers 403", async () => {
    const user = userEvent.setup();
    stubApi({
      ...signInAs(admin),
      [USERS]: () => jsonResponse({ success: true, data: users }),
      [MAKE_BUYER_ADMIN]: () => jsonResponse({ success: false, message: messages.forbidden }, 403),
    });
    renderTable();

    await user.click(await screen.findByRole('button', { name: 'Make Admin' }));

    expect(await screen.findByText(messages.makeAdminFailed)).toBeInTheDocument();
    expect(screen.queryByText(messages.forbidden)).not.toBeInTheDocument();
    expect(
      within(rowOf('buyer@example.com')).getByRole('button', { name: 'Make Admin' }),
    ).toBeEnabled();
  });

  it('toasts the server message for any other failure', async () => {
    const user = userEvent.setup();
    stubApi({
      ...signInAs(admin),
      [USERS]: () => jsonResponse({ success: true, data: users }),
      [MAKE_BUYER_ADMIN]: () =>
        jsonResponse({ success: false, message: 'No user with that email' }, 404),
    });
    renderTable();

    await user.click(await screen.findByRole('button', { name: 'Make Admin' }));

    expect(await screen.findByText('No user with that email')).toBeInTheDocument();
  });

  it('shows why the list could not be loaded, in red', async () => {
    stubApi({
      ...signInAs(admin),
      [USERS]: () => jsonResponse({ success: false, message: messages.forbidden }, 403),
    });
    renderTable();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.forbidden);
    expect(alert).toHaveClass('text-error');
  });
});
