import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, setSession, stubApi } from '../../../test/auth-stubs';
import { customer, signInAs } from '../../../test/signed-in';
import { jsonResponse, renderWithProviders } from '../../../test/test-utils';
import { ToasterHost } from '../../components/toaster';
import { CompanyPage } from './company-page';

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const acme = (
  role: 'admin' | 'buyer' | 'approver',
  orderLimit: number | null = null,
  canLeave = role !== 'admin',
) => ({
  _id: id(1),
  name: 'Acme Ltd',
  taxId: 'GB123',
  billingAddress: '1 Mill Road, Leeds',
  termsDays: 30,
  creditLimit: 10000,
  balance: 2500,
  availableCredit: 7500,
  createdAt: '2026-03-14T10:00:00.000Z',
  me: { role, orderLimit, canLeave },
});
const member = (userId: string, name: string, role: string, orderLimit: number | null = null) => ({
  userId,
  name,
  email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
  role,
  orderLimit,
  joinedAt: '2026-03-14T10:00:00.000Z',
});
const page = (data: unknown[]) => jsonResponse({ success: true, data, nextCursor: null });
const ok = (data: unknown, message?: string) => jsonResponse({ success: true, data, message });

const render = () =>
  renderWithProviders(
    <>
      <ToasterHost />
      <CompanyPage />
    </>,
    { route: '/dashboard/company' },
  );

describe('CompanyPage', () => {
  it('offers a customer in no company to create one, with a red line under each bad field', async () => {
    const user = userEvent.setup();
    let created = false;
    const fetchMock = stubApi({
      ...signInAs(customer),
      'GET /api/v1/company': () =>
        // In no company: null, not an error (issue 31).
        ok(created ? acme('admin') : null),
      'POST /api/v1/company': () => {
        created = true;
        return ok(acme('admin'), 'Company created');
      },
      'GET /api/v1/company/members': () => page([member('user-1', 'Bea Buyer', 'admin')]),
      'GET /api/v1/company/invitations': () => page([]),
      'GET /api/v1/company/addresses': () => page([]),
    });
    render();

    expect(await screen.findByRole('heading', { name: 'Create your company' })).toBeInTheDocument();
    expect(screen.getByText(/Ask your company admin for an invitation/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create company' }));
    expect(await screen.findByText('Legal name is required')).toHaveClass('text-error');
    // Issue 33: the billing address in fields, each named under itself.
    expect(screen.getByText('Address line 1 is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/v1/company')).toHaveLength(0);

    await user.type(screen.getByLabelText('Legal name'), 'Acme Ltd');
    await user.type(screen.getByLabelText('Tax or VAT number (optional)'), 'GB123');
    await user.selectOptions(screen.getByLabelText('Country'), 'GB');
    await user.type(screen.getByLabelText('Name'), 'Accounts');
    await user.type(screen.getByLabelText('Address line 1'), '1 Mill Road');
    await user.type(screen.getByLabelText('City'), 'Leeds');
    await user.type(screen.getByLabelText('Postal code'), 'LS1 1AA');
    await user.click(screen.getByRole('button', { name: 'Create company' }));

    expect(await screen.findByRole('heading', { name: 'Acme Ltd' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/v1/company')).toEqual([
      {
        name: 'Acme Ltd',
        taxId: 'GB123',
        billingAddress: 'Accounts, 1 Mill Road, LS1 1AA Leeds, United Kingdom',
        billingTo: {
          name: 'Accounts',
          company: '',
          line1: '1 Mill Road',
          line2: '',
          city: 'Leeds',
          region: '',
          postalCode: 'LS1 1AA',
          country: 'GB',
          phone: '',
        },
      },
    ]);
  });

  it('lets a company admin set roles and limits, invite, withdraw and keep the address book', async () => {
    const user = userEvent.setup();
    let invitations = [
      {
        _id: id(7),
        email: 'old@example.com',
        role: 'buyer',
        orderLimit: 50,
        status: 'open',
        expiresAt: '2026-03-21T10:00:00.000Z',
        createdAt: '2026-03-14T10:00:00.000Z',
      },
    ];
    const fetchMock = stubApi({
      ...signInAs(customer),
      'GET /api/v1/company': () => ok(acme('admin')),
      'GET /api/v1/company/members': () =>
        page([
          member('user-1', 'Bea Buyer', 'admin'),
          member('user-2', 'Carl Clerk', 'buyer', 100),
        ]),
      'PATCH /api/v1/company/members/user-2': ({ body }) =>
        ok({ ...member('user-2', 'Carl Clerk', 'buyer'), ...(body as object) }),
      'GET /api/v1/company/invitations': () => page(invitations),
      'POST /api/v1/company/invitations': ({ body }) =>
        ok(
          { ...invitations[0], _id: id(8), ...(body as object) },
          'Invitation sent to new@example.com',
        ),
      [`DELETE /api/v1/company/invitations/${id(7)}`]: () => {
        const [withdrawn] = invitations;
        invitations = [];
        return ok({ ...withdrawn, status: 'revoked' });
      },
      'GET /api/v1/company/addresses': () => page([]),
      'POST /api/v1/company/addresses': ({ body }) =>
        ok({ _id: id(9), createdAt: '2026-03-14T10:00:00.000Z', ...(body as object) }),
    });
    render();

    expect(await screen.findByRole('heading', { name: 'Acme Ltd' })).toBeInTheDocument();
    expect(screen.getByText('Net 30 days on account')).toBeInTheDocument();
    expect(screen.getByText('$7,500')).toBeInTheDocument();
    expect(screen.getByLabelText('Legal name')).toHaveValue('Acme Ltd');

    const [bea, carl] = (await screen.findAllByTestId('member')) as [HTMLElement, HTMLElement];
    // The only company admin may not leave: the company would have none.
    expect(within(bea).getByText(/^Bea Buyer/)).toHaveTextContent(/^Bea Buyer You$/);
    expect(within(bea).queryByRole('button', { name: 'Leave' })).not.toBeInTheDocument();
    expect(bea).toHaveTextContent('You are the only company admin');
    expect(within(carl).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(within(carl).getByLabelText('Limit per order ($)')).toHaveValue(100);
    await user.clear(within(carl).getByLabelText('Limit per order ($)'));
    await user.type(within(carl).getByLabelText('Limit per order ($)'), '250.5');
    await user.click(within(carl).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Carl Clerk updated')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH /api/v1/company/members/user-2')).toEqual([
      { role: 'buyer', orderLimit: 250.5 },
    ]);
    await user.selectOptions(within(carl).getByLabelText('Role'), 'approver');
    expect(within(carl).queryByLabelText('Limit per order ($)')).not.toBeInTheDocument();

    const invite = screen.getByRole('form', { name: 'Invite a colleague' });
    await user.type(within(invite).getByLabelText('Email'), 'not-an-email');
    await user.click(within(invite).getByRole('button', { name: 'Send invitation' }));
    expect(await within(invite).findByText('Provide a valid Email')).toBeInTheDocument();
    await user.clear(within(invite).getByLabelText('Email'));
    await user.type(within(invite).getByLabelText('Email'), 'new@example.com');
    await user.type(within(invite).getByLabelText('Limit per order ($)'), '75');
    await user.click(within(invite).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to new@example.com')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/v1/company/invitations')).toEqual([
      { email: 'new@example.com', role: 'buyer', orderLimit: 75 },
    ]);

    const pending = screen.getByTestId('invitation');
    expect(pending).toHaveTextContent('old@example.com');
    await user.click(within(pending).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('No invitation is waiting for an answer.')).toBeInTheDocument();

    const book = screen.getByRole('form', { name: 'Add an address' });
    await user.type(within(book).getByLabelText('Label'), 'Warehouse');
    await user.type(within(book).getByLabelText('Name'), 'Goods In');
    await user.type(within(book).getByLabelText('Address line 1'), '5 Dock Street');
    await user.type(within(book).getByLabelText('City'), 'Austin');
    await user.selectOptions(within(book).getByLabelText('State'), 'TX');
    await user.type(within(book).getByLabelText('Postal code'), '78701');
    await user.click(within(book).getByRole('button', { name: 'Add address' }));
    expect(await screen.findByText('Warehouse added')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/v1/company/addresses')).toEqual([
      {
        label: 'Warehouse',
        address: 'Goods In, 5 Dock Street, Austin, TX 78701, United States',
        shipTo: expect.objectContaining({ line1: '5 Dock Street', region: 'TX', country: 'US' }),
      },
    ]);
  });

  it('shows a buyer the company read-only, with their limit, and lets them leave', async () => {
    stubApi({
      ...signInAs(customer),
      'GET /api/v1/company': () => ok(acme('buyer', 100)),
      'GET /api/v1/company/members': () =>
        page([member('user-9', 'Ann Admin', 'admin'), member('user-1', 'Bea Buyer', 'buyer', 100)]),
      'GET /api/v1/company/addresses': () =>
        page([
          {
            _id: id(9),
            label: 'Warehouse',
            address: '5 Dock St',
            createdAt: '2026-03-14T10:00:00Z',
          },
        ]),
      // Issue 35: the shop limits the company to bearings; the buyer reads it, read only.
      'GET /api/v1/company/catalog': () =>
        ok({
          companyId: id(1),
          restricted: true,
          categories: [{ slug: 'bearings', name: 'Bearings' }],
          brands: [],
        }),
    });
    render();

    expect(await screen.findByRole('heading', { name: 'Acme Ltd' })).toBeInTheDocument();
    expect(screen.getByText(/Up to \$100 per order/)).toBeInTheDocument();
    expect(await screen.findByRole('note')).toHaveTextContent(
      "Your company's catalog: you see and order categories Bearings only.",
    );
    expect(screen.queryByLabelText('Legal name')).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Invite a colleague' })).not.toBeInTheDocument();
    const [ann, bea] = (await screen.findAllByTestId('member')) as HTMLElement[];
    expect(within(ann as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    expect(within(bea as HTMLElement).getByRole('button', { name: 'Leave' })).toBeInTheDocument();
    expect(bea).toHaveTextContent(/^Bea Buyer You/);
    expect(bea).not.toHaveTextContent('only company admin');
    expect(within(bea as HTMLElement).queryByLabelText('Role')).not.toBeInTheDocument();
    expect(await screen.findByText('Warehouse')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add an address' })).not.toBeInTheDocument();
  });

  it('lets a company admin leave when another admin stays', async () => {
    stubApi({
      ...signInAs(customer),
      'GET /api/v1/company': () => ok(acme('admin', null, true)),
      'GET /api/v1/company/members': () =>
        page([member('user-9', 'Ann Admin', 'admin'), member('user-1', 'Bea Buyer', 'admin')]),
      'GET /api/v1/company/invitations': () => page([]),
      'GET /api/v1/company/addresses': () => page([]),
    });
    render();
    const [, bea] = (await screen.findAllByTestId('member')) as HTMLElement[];
    expect(within(bea as HTMLElement).getByRole('button', { name: 'Leave' })).toBeInTheDocument();
    expect(bea).not.toHaveTextContent('only company admin');
  });
});
