import { companyMessages } from '@proper-parts/domain/companies';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, setSession, stubApi } from '../../test/auth-stubs';
import { customer, signInAs } from '../../test/signed-in';
import { jsonResponse, renderWithProviders } from '../../test/test-utils';
import { JoinCompanyPage } from './join-company-page';

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

const preview = (status: string, email = customer.email) =>
  jsonResponse({
    success: true,
    data: { companyName: 'Acme Ltd', email, role: 'buyer', status },
  });

const render = (token = 'tok-1') =>
  renderWithProviders(<JoinCompanyPage />, {
    route: `/company/join?token=${token}`,
    path: '/company/join',
    otherRoutes: [{ path: '/dashboard/company', element: <h1>Company page</h1> }],
  });

describe('JoinCompanyPage', () => {
  it('shows what the link invites to, and accepts it once', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      ...signInAs(customer),
      'GET /api/v1/company/invitations/preview': () => preview('open'),
      'POST /api/v1/company/invitations/accept': () =>
        jsonResponse({
          success: true,
          data: {
            _id: '00000000-0000-4000-8000-000000000001',
            name: 'Acme Ltd',
            taxId: '',
            billingAddress: '1 Mill Road, Leeds',
            termsDays: null,
            creditLimit: 0,
            balance: 0,
            availableCredit: 0,
            createdAt: '2026-03-14T10:00:00.000Z',
            me: { role: 'buyer', orderLimit: null, canLeave: true },
          },
          message: 'You joined Acme Ltd',
        }),
    });
    render();

    expect(await screen.findByText(/invites you/)).toHaveTextContent(
      'Acme Ltd invites you (buyer@example.com) to join as Buyer.',
    );
    expect(document.title).toBe('Join a company | Proper Parts');
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('heading', { name: 'Company page' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/v1/company/invitations/accept')).toEqual([
      { token: 'tok-1' },
    ]);
  });

  it.each([
    ['accepted', companyMessages.invitationUsed],
    ['expired', companyMessages.invitationExpired],
    ['revoked', companyMessages.invitationRevoked],
  ])('says why a link that is %s cannot be used, and offers no Accept', async (status, message) => {
    stubApi({
      ...signInAs(customer),
      'GET /api/v1/company/invitations/preview': () => preview(status),
    });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
  });

  it('tells someone signed in with another address which one the invitation is for', async () => {
    stubApi({
      ...signInAs(customer),
      'GET /api/v1/company/invitations/preview': () => preview('open', 'carl@example.com'),
    });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      companyMessages.invitationOtherEmail('carl@example.com'),
    );
    expect(screen.getByText(/You are signed in as buyer@example.com/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
  });

  it('says a forged or mangled link is not valid', async () => {
    stubApi({
      ...signInAs(customer),
      'GET /api/v1/company/invitations/preview': () =>
        jsonResponse({ success: false, message: companyMessages.invitationInvalid }, 400),
    });
    render('forged');
    expect(await screen.findByRole('alert')).toHaveTextContent(companyMessages.invitationInvalid);
  });

  it('shows the error of an accept that fails (joined another company meanwhile)', async () => {
    const user = userEvent.setup();
    stubApi({
      ...signInAs(customer),
      'GET /api/v1/company/invitations/preview': () => preview('open'),
      'POST /api/v1/company/invitations/accept': () =>
        jsonResponse({ success: false, message: companyMessages.alreadyInCompany }, 409),
    });
    render();
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(companyMessages.alreadyInCompany);
  });
});
