import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, setSession, stubApi } from '../../../../test/auth-stubs';
import { buildOrder } from '../../../../test/order-fixtures';
import { admin, customer, signInAs } from '../../../../test/signed-in';
import { jsonResponse, renderWithProviders } from '../../../../test/test-utils';
import { ManageReturnsPage } from '../../../pages/dashboard/manage-returns-page';
import { MyReturnsPage } from '../../../pages/dashboard/my-returns-page';
import { MyOrdersTable } from '../../orders/components/my-orders-table';

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

const productId = '00000000-0000-4000-8000-000000000101';
const order = buildOrder({
  status: 'shipped',
  paid: true,
  transactionId: 'sbx_pi_all',
  lines: [
    {
      lineNo: 1,
      productId,
      sku: 'BRG-1',
      name: 'Part BRG-1',
      img: '/x.svg',
      quantity: 10,
      unitPrice: 2,
      lineTotal: 20,
      shipped: 10,
    },
  ],
});
const request = {
  id: '00000000-0000-4000-8000-000000000301',
  orderId: order._id,
  rmaNumber: 'RMA-2026-000007',
  state: 'approved',
  note: null,
  refusalReason: null,
  email: 'bea@example.com',
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: '2026-11-21T10:00:00.000Z',
  receivedAt: null,
  paymentTerms: 'card',
  refundState: null,
  refundCents: null,
  refundTaxCents: null,
  refundFreightCents: null,
  restockingFeeCents: null,
  refundedAt: null,
  creditNote: null,
  lines: [
    {
      productId,
      sku: 'BRG-1',
      name: 'Part BRG-1',
      quantity: 2,
      reason: 'damaged',
      restocked: 0,
      scrapped: 0,
      refused: 0,
    },
  ],
};

describe('returns', () => {
  it('My Orders: Return items asks for a reason (a red line, nothing sent), then sends the pieces and the server’s refusal shows in red', async () => {
    const user = userEvent.setup();
    const url = `POST /api/v1/orders/${order._id}/returns`;
    const fetchMock = stubApi({
      ...signInAs(customer),
      [`GET /api/v1/purchase/${encodeURIComponent(customer.email)}`]: () =>
        jsonResponse({ success: true, data: [order] }),
      [url]: () =>
        jsonResponse(
          {
            success: false,
            message: `lines: product ${productId} has 1 shipped piece left to return`,
          },
          422,
        ),
    });
    renderWithProviders(<MyOrdersTable email={customer.email} />);
    const form = within(await screen.findByTestId('return-form'));
    await user.click(form.getByText('Return items'));
    await user.type(form.getByLabelText('Pieces of BRG-1 to return'), '2');
    await user.click(form.getByRole('button', { name: 'Ask to return' }));
    expect(form.getByRole('alert')).toHaveTextContent('Choose a reason');
    expect(form.getByLabelText('Pieces of BRG-1 to return')).toHaveClass('input-error');
    expect(callsTo(fetchMock, url)).toEqual([]);

    await user.selectOptions(form.getByLabelText('Why return BRG-1'), 'damaged');
    await user.type(form.getByLabelText('Note (optional)'), 'Crushed box');
    await user.click(form.getByRole('button', { name: 'Ask to return' }));
    expect(await form.findByText(/has 1 shipped piece left to return/)).toHaveClass('text-error');
    expect(callsTo(fetchMock, url)).toEqual([
      { lines: [{ productId, quantity: 2, reason: 'damaged' }], note: 'Crushed box' },
    ]);
  });

  it('Returns (admin): an approved return starts at all restocked, and is received per outcome as entered', async () => {
    const user = userEvent.setup();
    const url = `POST /api/v1/admin/returns/${request.id}/receive`;
    const fetchMock = stubApi({
      ...signInAs(admin),
      'GET /api/v1/admin/returns': () =>
        jsonResponse({ success: true, data: [request], nextCursor: null }),
      [url]: () =>
        jsonResponse({
          success: true,
          data: {
            ...request,
            state: 'received',
            lines: [{ ...request.lines[0], restocked: 1, scrapped: 1 }],
          },
        }),
    });
    renderWithProviders(<ManageReturnsPage />);
    const row = within(await screen.findByTestId('admin-return-row'));
    expect(row.getByText(/RMA-2026-000007/)).toBeInTheDocument();
    expect(row.getByLabelText('Restock pieces of BRG-1')).toHaveValue(2);
    await user.clear(row.getByLabelText('Restock pieces of BRG-1'));
    await user.type(row.getByLabelText('Restock pieces of BRG-1'), '1');
    await user.clear(row.getByLabelText('Scrap pieces of BRG-1'));
    await user.type(row.getByLabelText('Scrap pieces of BRG-1'), '1');
    await user.click(row.getByRole('button', { name: 'Record receipt' }));
    expect(callsTo(fetchMock, url)).toEqual([
      {
        lines: [
          { productId, quantity: 1, outcome: 'restock' },
          { productId, quantity: 1, outcome: 'scrap' },
        ],
      },
    ]);
  });

  it('My returns: a credited return links its credit note, with the fee kept', async () => {
    const noteId = '00000000-0000-4000-8000-000000000401';
    stubApi({
      ...signInAs(customer),
      'GET /api/v1/returns': () =>
        jsonResponse({
          success: true,
          data: [
            {
              ...request,
              state: 'received',
              paymentTerms: 'account',
              refundState: 'refunded',
              refundCents: 380,
              restockingFeeCents: 40,
              refundedAt: '2026-11-25T10:00:00.000Z',
              creditNote: {
                id: noteId,
                number: 'CN-2026-000003',
                totalCents: 380,
                issuedAt: '2026-11-25T10:00:00.000Z',
                appliedCents: 380,
                owedBackCents: 0,
                paidBackCents: 0,
                paidBackAt: null,
                paidBackReference: null,
              },
            },
          ],
          nextCursor: null,
        }),
    });
    renderWithProviders(<MyReturnsPage />);
    const note = within(await screen.findByTestId('credit-note'));
    expect(note.getByRole('link', { name: 'CN-2026-000003' })).toHaveAttribute(
      'href',
      `/api/v1/credit-notes/${noteId}.pdf`,
    );
    expect(note.getByText('$3.80')).toBeInTheDocument();
    expect(screen.getByTestId('credit-note')).toHaveTextContent(/restocking fee of \$0\.40/);
  });

  it('Returns (admin): a bad restocking fee gets a red line and sends nothing; a good one is sent with the freight', async () => {
    const user = userEvent.setup();
    const url = `POST /api/v1/admin/returns/${request.id}/refund`;
    const received = {
      ...request,
      state: 'received',
      paymentTerms: 'account',
      lines: [{ ...request.lines[0], restocked: 2 }],
    };
    const fetchMock = stubApi({
      ...signInAs(admin),
      'GET /api/v1/admin/returns': () =>
        jsonResponse({ success: true, data: [received], nextCursor: null }),
      [url]: () => jsonResponse({ success: true, data: { ...received, refundState: 'refunded' } }),
    });
    renderWithProviders(<ManageReturnsPage />);
    const row = within(await screen.findByTestId('admin-return-row'));
    const fee = row.getByLabelText('Restocking fee (%)');
    await user.clear(fee);
    await user.type(fee, '150');
    await user.click(row.getByRole('button', { name: 'Issue credit note' }));
    expect(row.getByText('Restocking fee must be at most 100 %')).toHaveClass('text-error');
    expect(fee).toHaveAttribute('aria-invalid', 'true');
    expect(fee).toHaveClass('input-error');
    expect(callsTo(fetchMock, url)).toEqual([]);
    await user.clear(fee);
    await user.type(fee, '15');
    await user.click(row.getByLabelText("Refund freight (the shop's fault)"));
    await user.click(row.getByRole('button', { name: 'Issue credit note' }));
    expect(callsTo(fetchMock, url)).toEqual([{ restockingFeePercent: 15, refundFreight: true }]);
  });

  it('My returns: an approved return links its return authorization PDF', async () => {
    stubApi({
      ...signInAs(customer),
      'GET /api/v1/returns': () =>
        jsonResponse({ success: true, data: [request], nextCursor: null }),
    });
    renderWithProviders(<MyReturnsPage />);
    expect(
      await screen.findByRole('link', { name: 'Return authorization RMA-2026-000007 (PDF)' }),
    ).toHaveAttribute('href', `/api/v1/returns/${request.id}/rma.pdf`);
  });
});
