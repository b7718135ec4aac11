import { companyMessages } from '@proper-parts/domain/companies';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/auth-stubs';
import { jsonResponse, renderWithProviders } from '../../../test/test-utils';
import { CompanyStatementPage } from './company-statement-page';

afterEach(() => vi.unstubAllGlobals());

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const invoiceOf = (n: number, overrides: Record<string, unknown> = {}) => ({
  orderId: id(n),
  invoiceNumber: `2026-00000${n}`,
  poNumber: `PO-${n}`,
  issuedAt: '2026-10-01T10:00:00.000Z',
  dueOn: '2026-10-31',
  total: 1200,
  paid: 200,
  outstanding: 1000,
  overdue: false,
  settled: false,
  ...overrides,
});
const statementOf = (invoices: unknown[], nextCursor: string | null = null) =>
  jsonResponse({
    success: true,
    data: {
      companyName: 'Acme Machining LLC',
      termsDays: 30,
      creditLimit: 10_000,
      balance: 2500,
      availableCredit: 7500,
      overdueTotal: 1000,
      awaitingApproval: 0,
      invoices,
      nextCursor,
    },
  });

const render = () =>
  renderWithProviders(<CompanyStatementPage />, { route: '/dashboard/statement' });

describe('CompanyStatementPage', () => {
  it('shows the balance, the credit, what is overdue, and the invoices with their PDFs', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi();
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), window.location.origin);
      if (url.pathname !== '/api/v1/company/statement')
        return jsonResponse({ success: false, message: 'Not found' }, 404);
      return url.searchParams.get('cursor') === 'c2'
        ? statementOf([
            invoiceOf(3, {
              settled: true,
              paid: 1200,
              outstanding: 0,
              // Issue 37: credit notes on a paid invoice, owed back to the company or paid back.
              creditNotes: [
                {
                  id: id(10),
                  number: 'CN-2026-000005',
                  totalCents: 1000,
                  issuedAt: '2026-11-10T10:00:00.000Z',
                  appliedCents: 0,
                  owedBackCents: 1000,
                  paidBackCents: 0,
                  paidBackAt: null,
                  paidBackReference: null,
                },
                {
                  id: id(11),
                  number: 'CN-2026-000006',
                  totalCents: 500,
                  issuedAt: '2026-11-11T10:00:00.000Z',
                  appliedCents: 0,
                  owedBackCents: 0,
                  paidBackCents: 500,
                  paidBackAt: '2026-11-20T12:00:00.000Z',
                  paidBackReference: 'BACS 77',
                },
              ],
            }),
          ])
        : statementOf(
            [
              invoiceOf(1, { overdue: true, dueOn: '2026-09-30' }),
              invoiceOf(2, {
                dueOn: '2026-12-01',
                paid: 0,
                outstanding: 1200,
                creditNotes: [
                  {
                    id: id(9),
                    number: 'CN-2026-000004',
                    totalCents: 2495,
                    issuedAt: '2026-11-02T10:00:00.000Z',
                    appliedCents: 2495,
                    owedBackCents: 0,
                    paidBackCents: 0,
                    paidBackAt: null,
                    paidBackReference: null,
                  },
                ],
              }),
            ],
            'c2',
          );
    });
    render();

    expect(await screen.findByText('Available credit')).toBeInTheDocument();
    expect(document.title).toBe('Statement | Proper Parts');
    expect(screen.getByText(/Acme Machining LLC/)).toBeInTheDocument();
    const figure = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).closest('div') as HTMLElement;
    expect(figure('Balance')).toHaveTextContent('$2,500');
    expect(figure('Credit limit')).toHaveTextContent('$10,000');
    expect(figure('Available credit')).toHaveTextContent('$7,500');
    expect(figure('Overdue')).toHaveTextContent('$1,000');
    expect(screen.getByText('Net 30')).toBeInTheDocument();

    const rows = screen.getAllByTestId('invoice-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('2026-000001');
    expect(rows[0]).toHaveTextContent('Sep 30, 2026');
    expect(within(rows[0]!).getByText('Overdue')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('$1,000');
    expect(within(rows[1]!).getByText('Open')).toBeInTheDocument();
    expect(
      within(rows[0]!).getByRole('link', { name: 'Invoice 2026-000001 (PDF)' }),
    ).toHaveAttribute('href', `/api/v1/orders/${id(1)}/invoice.pdf`);
    // Issue 37: a credit note of the order's return sits under its invoice, with its PDF.
    expect(
      within(rows[1]!).getByRole('link', { name: 'Credit note CN-2026-000004 (PDF)' }),
    ).toHaveAttribute('href', `/api/v1/credit-notes/${id(9)}.pdf`);
    expect(within(rows[1]!).getByTestId('credit-note')).toHaveTextContent('−$24.95');
    // All of it went to the invoice: nothing owed back.
    expect(within(rows[1]!).queryByTestId('credit-note-back')).not.toBeInTheDocument();
    expect(within(rows[0]!).queryByTestId('credit-note')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Paid', { selector: '.badge' })).toBeInTheDocument();
    expect(screen.getAllByTestId('invoice-row')).toHaveLength(3);
    const notes = within(screen.getAllByTestId('invoice-row')[2]!).getAllByTestId('credit-note');
    expect(within(notes[0]!).getByTestId('credit-note-back')).toHaveTextContent(/^Owed back \$10$/);
    expect(within(notes[1]!).getByTestId('credit-note-back')).toHaveTextContent(
      /^Paid back \$5 on Nov 20, 2026 \(ref BACS 77\)$/,
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('tells a buyer plainly that only admins and approvers read it, without an empty table', async () => {
    stubApi({
      'GET /api/v1/company/statement': () =>
        jsonResponse({ success: false, message: companyMessages.noStatementAccess }, 403),
    });
    render();

    expect(await screen.findByText('No statement to show')).toBeInTheDocument();
    expect(screen.getByText(new RegExp(companyMessages.noStatementAccess))).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('Balance')).not.toBeInTheDocument();
  });

  it('tells someone in no company so', async () => {
    stubApi({
      'GET /api/v1/company/statement': () =>
        jsonResponse({ success: false, message: companyMessages.notInCompany }, 404),
    });
    render();

    expect(await screen.findByText(new RegExp(companyMessages.notInCompany))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your company' })).toHaveAttribute(
      'href',
      '/dashboard/company',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when there are no invoices yet', async () => {
    stubApi({ 'GET /api/v1/company/statement': () => statementOf([]) });
    render();
    expect(await screen.findByText('No invoices on account yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
