import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, stubApi } from '../../../test/auth-stubs';
import { jsonResponse, renderWithProviders } from '../../../test/test-utils';
import { ToasterHost } from '../../components/toaster';
import { CompaniesAdminPage } from './companies-admin-page';

afterEach(() => vi.unstubAllGlobals());

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const summary = (n: number, name: string, overrides: Record<string, unknown> = {}) => ({
  _id: id(n),
  name,
  taxId: `VAT-${n}`,
  members: 3,
  termsDays: 30,
  creditLimit: 10_000,
  balance: 2500,
  overdue: 0,
  createdAt: '2026-10-01T10:00:00.000Z',
  ...overrides,
});
const detail = (overrides: Record<string, unknown> = {}) => ({
  ...summary(1, 'Acme Machining LLC', { overdue: 1000 }),
  billingAddress: '42 Lathe Road, Detroit',
  availableCredit: 7500,
  memberList: [
    {
      userId: 'u1',
      name: 'Ada Admin',
      email: 'ada@acme.example',
      role: 'admin',
      orderLimit: null,
      joinedAt: '2026-10-01T10:00:00.000Z',
    },
    {
      userId: 'u2',
      name: 'Bo Buyer',
      email: 'bo@acme.example',
      role: 'buyer',
      orderLimit: 100,
      joinedAt: '2026-10-02T10:00:00.000Z',
    },
  ],
  ...overrides,
});
const invoice = (n: number, overrides: Record<string, unknown> = {}) => ({
  orderId: id(100 + n),
  invoiceNumber: `2026-00000${n}`,
  poNumber: `PO-${n}`,
  issuedAt: '2026-09-01T10:00:00.000Z',
  dueOn: '2026-10-01',
  total: 1200,
  paid: 200,
  outstanding: 1000,
  overdue: true,
  settled: false,
  ...overrides,
});
const statement = {
  companyName: 'Acme Machining LLC',
  termsDays: 30,
  creditLimit: 10_000,
  balance: 2500,
  availableCredit: 7500,
  overdueTotal: 1000,
  awaitingApproval: 0,
  invoices: [invoice(1), invoice(2, { settled: true, overdue: false, paid: 1200, outstanding: 0 })],
  nextCursor: null,
};

const render = (route = '/dashboard/companies') =>
  renderWithProviders(
    <>
      <ToasterHost />
      <CompaniesAdminPage />
    </>,
    { route },
  );

const companyRoutes = (answers: NonNullable<Parameters<typeof stubApi>[0]> = {}) =>
  stubApi({
    [`GET /api/v1/admin/companies/${id(1)}`]: () => jsonResponse({ success: true, data: detail() }),
    [`GET /api/v1/admin/companies/${id(1)}/statement`]: () =>
      jsonResponse({ success: true, data: statement }),
    ...answers,
  });

describe('CompaniesAdminPage', () => {
  it('lists companies with members, terms, credit, balance and an overdue flag; loads more', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi();
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), window.location.origin);
      if (url.pathname !== '/api/v1/admin/companies')
        return jsonResponse({ success: false, message: 'Not found' }, 404);
      return url.searchParams.get('cursor') === 'c2'
        ? jsonResponse({
            success: true,
            data: [summary(3, 'Cobalt Tools', { termsDays: null, creditLimit: 0, balance: 0 })],
            nextCursor: null,
          })
        : jsonResponse({
            success: true,
            data: [summary(1, 'Acme Machining LLC', { overdue: 1000 }), summary(2, 'Borealis AB')],
            nextCursor: 'c2',
          });
    });
    render();

    const acme = (await screen.findByRole('link', { name: 'Acme Machining LLC' })).closest('tr');
    expect(document.title).toBe('Companies | Proper Parts');
    expect(acme).toHaveTextContent('$2,500');
    expect(acme).toHaveTextContent('$10,000');
    expect(within(acme as HTMLElement).getByText('Overdue $1,000')).toBeInTheDocument();
    const borealis = screen.getByRole('link', { name: 'Borealis AB' }).closest('tr');
    expect(borealis).not.toHaveTextContent('Overdue');
    expect(screen.getByRole('link', { name: 'Acme Machining LLC' })).toHaveAttribute(
      'href',
      `/dashboard/companies?company=${id(1)}`,
    );

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const cobalt = (await screen.findByRole('link', { name: 'Cobalt Tools' })).closest('tr');
    expect(cobalt).toHaveTextContent('No terms');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("shows a company's members and invoices on account, due dates and Overdue badges", async () => {
    companyRoutes();
    render(`/dashboard/companies?company=${id(1)}`);

    expect(await screen.findByRole('heading', { name: 'Acme Machining LLC' })).toBeInTheDocument();
    expect(screen.getByText('Ada Admin')).toBeInTheDocument();
    expect(screen.getByText(/Buyer · limit \$100/)).toBeInTheDocument();
    const rows = await screen.findAllByTestId('invoice-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Oct 1, 2026');
    expect(within(rows[0]!).getByText('Overdue')).toBeInTheDocument();
    expect(
      within(rows[0]!).getByRole('button', { name: 'Record payment for invoice 2026-000001' }),
    ).toBeInTheDocument();
    // A settled invoice takes no more payments.
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← All companies' })).toHaveAttribute(
      'href',
      '/dashboard/companies',
    );
  });

  it('saves terms, with a red line under a bad credit limit first', async () => {
    const user = userEvent.setup();
    const fetchMock = companyRoutes({
      [`PUT /api/v1/admin/companies/${id(1)}/terms`]: () =>
        jsonResponse({
          success: true,
          data: detail({ termsDays: 60, creditLimit: 20_000 }),
          message: 'Acme Machining LLC: net 60, credit limit $20,000',
        }),
    });
    render(`/dashboard/companies?company=${id(1)}`);

    const form = await screen.findByRole('form', { name: 'Terms and credit' });
    const limit = within(form).getByLabelText('Credit limit ($)');
    await user.clear(limit);
    await user.type(limit, '-5');
    await user.click(within(form).getByRole('button', { name: 'Save terms' }));
    expect(await within(form).findByText('Credit limit cannot be negative')).toBeInTheDocument();
    expect(limit).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, `PUT /api/v1/admin/companies/${id(1)}/terms`)).toHaveLength(0);

    await user.clear(limit);
    await user.type(limit, '20000');
    await user.selectOptions(within(form).getByLabelText('Payment terms'), 'Net 60');
    await user.click(within(form).getByRole('button', { name: 'Save terms' }));
    expect(
      await screen.findByText('Acme Machining LLC: net 60, credit limit $20,000'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, `PUT /api/v1/admin/companies/${id(1)}/terms`)).toEqual([
      { termsDays: 60, creditLimit: 20_000 },
    ]);
  });

  it("shows the server's refusal of a limit below the balance", async () => {
    const user = userEvent.setup();
    companyRoutes({
      [`PUT /api/v1/admin/companies/${id(1)}/terms`]: () =>
        jsonResponse(
          {
            success: false,
            message:
              'The credit limit cannot be below what the company owes now ($2,500); record its payments first',
          },
          409,
        ),
    });
    render(`/dashboard/companies?company=${id(1)}`);

    const form = await screen.findByRole('form', { name: 'Terms and credit' });
    const limit = within(form).getByLabelText('Credit limit ($)');
    await user.clear(limit);
    await user.type(limit, '100');
    await user.click(within(form).getByRole('button', { name: 'Save terms' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'cannot be below what the company owes now ($2,500)',
    );
  });

  it('records a payment, prefilled with what is still owed', async () => {
    const user = userEvent.setup();
    const fetchMock = companyRoutes({
      [`POST /api/v1/admin/invoices/${id(101)}/payments`]: () =>
        jsonResponse({
          success: true,
          data: {
            invoice: {
              ...invoice(1, { paid: 1200, outstanding: 0, settled: true }),
              companyId: id(1),
              companyName: 'Acme Machining LLC',
            },
            payments: [],
          },
          message: 'Invoice 2026-000001 is paid in full',
        }),
    });
    render(`/dashboard/companies?company=${id(1)}`);

    await user.click(
      await screen.findByRole('button', { name: 'Record payment for invoice 2026-000001' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Record a payment: invoice 2026-000001' });
    const amount = within(dialog).getByLabelText('Amount ($)');
    expect(amount).toHaveValue(1000);

    await user.clear(amount);
    await user.type(amount, '12.345');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(
      await within(dialog).findByText('Amount may have at most two decimals'),
    ).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '1000');
    await user.type(within(dialog).getByLabelText('Reference (optional)'), 'Wire 42');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Invoice 2026-000001 is paid in full')).toBeInTheDocument();
    expect(callsTo(fetchMock, `POST /api/v1/admin/invoices/${id(101)}/payments`)).toEqual([
      { amount: 1000, reference: 'Wire 42' },
    ]);
  });

  it('says so when a company does not exist', async () => {
    stubApi({
      [`GET /api/v1/admin/companies/${id(9)}`]: () =>
        jsonResponse({ success: false, message: 'Company not found' }, 404),
    });
    render(`/dashboard/companies?company=${id(9)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Company not found');
  });
});
