import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession, stubApi } from '../../../test/auth-stubs';
import { buildLine, buildOrder } from '../../../test/order-fixtures';
import { customer, signInAs } from '../../../test/signed-in';
import { jsonResponse, renderWithProviders } from '../../../test/test-utils';
import { PaymentPage } from './payment-page';

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

function renderPayment(
  order: ReturnType<typeof buildOrder>,
  more: Parameters<typeof stubApi>[0] = {},
) {
  stubApi({
    ...signInAs(customer),
    [`GET /api/v1/myPurchase/${order._id}`]: () => jsonResponse({ success: true, data: order }),
    'POST /api/v1/create-payment-intent': () =>
      jsonResponse({
        success: true,
        data: {
          clientSecret: 'sbx_pi_1_secret_2',
          provider: 'sandbox',
          publishableKey: null,
          amount: order.price,
        },
      }),
    ...more,
  });
  renderWithProviders(<PaymentPage />, {
    route: `/dashboard/payment/${order._id}`,
    path: '/dashboard/payment/:id',
  });
}

describe('PaymentPage', () => {
  it('sums a many-line order by its lines: lines, pieces, each line and the total charged', async () => {
    // Issue 31: "Arsel … + 29 more · 432 pcs × $19.71" multiplied every piece by line 1's price.
    const lines = [buildLine(1, 12, 19.71), buildLine(2, 400, 45.5), buildLine(3, 20, 0.35)];
    const order = buildOrder({
      purchaseName: 'Bearing 1 + 2 more',
      quantity: 432,
      unitPrice: 19.71,
      lines,
      price: 236.52 + 18_200 + 7,
    });
    renderPayment(order);

    expect(await screen.findByTestId('payment-counts')).toHaveTextContent('3 lines · 432 pcs');
    const listed = within(screen.getByRole('list', { name: 'Order lines' })).getAllByRole(
      'listitem',
    );
    // The SKU (and the company's own number) on a line of their own, the name below it.
    expect(listed.map((item) => item.textContent?.replace(/\u00a0/g, ' '))).toEqual([
      'BRG-6201Bearing 112 pcs × $19.71$236.52',
      'BRG-6202Bearing 2400 pcs × $45.50$18,200',
      'BRG-6203Bearing 320 pcs × $0.35$7',
    ]);
    expect(screen.getByTestId('payment-total')).toHaveTextContent('$18,443.52');
    expect(screen.queryByText(/432 pcs × /)).not.toBeInTheDocument();
    expect(screen.queryByText(/\+ 2 more/)).not.toBeInTheDocument();
  });

  it('shows a one-line order as its part, pieces and unit price', async () => {
    const order = buildOrder({
      purchaseName: 'Oil Filter',
      quantity: 40,
      unitPrice: 30,
      price: 1200,
      lines: [{ ...buildLine(1, 40, 30), name: 'Oil Filter' }],
    });
    renderPayment(order);

    expect((await screen.findByText('Oil Filter')).nextSibling).toHaveTextContent('40 pcs × $30');
    expect(screen.getByTestId('payment-total')).toHaveTextContent('$1,200');
    expect(screen.queryByTestId('payment-counts')).not.toBeInTheDocument();
  });

  it("strikes the list price beside a company buyer's contract price (issue 35)", async () => {
    const order = buildOrder({
      purchaseName: 'Oil Filter',
      quantity: 40,
      unitPrice: 24,
      price: 960,
      lines: [{ ...buildLine(1, 40, 24), name: 'Oil Filter', listPrice: 30 }],
    });
    renderPayment(order);
    const line = (await screen.findByText('Oil Filter')).nextSibling as HTMLElement;
    expect(line).toHaveTextContent('40 pcs × $24');
    const struck = line.querySelector('s');
    expect(struck).toHaveTextContent('$30');
  });

  it('links the invoice once paid, beside the congratulations', async () => {
    const order = buildOrder({ lines: [buildLine(1, 10, 5)] });
    const paid = {
      ...order,
      status: 'pending' as const,
      paid: true,
      transactionId: 'sbx_pi_1',
      invoiceNumber: '2026-000042',
    };
    let now = order;
    renderPayment(order, {
      [`GET /api/v1/myPurchase/${order._id}`]: () => jsonResponse({ success: true, data: now }),
      'POST /api/v1/sandbox/confirm': () =>
        jsonResponse({ success: true, data: { paymentIntentId: 'sbx_pi_1', status: 'succeeded' } }),
      [`PATCH /api/v1/myPurchase/${order._id}`]: () => {
        now = paid;
        return jsonResponse({ success: true, data: paid });
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(screen.getByLabelText('Expiry'), '12/34');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    const done = (await screen.findByText('Congrats ! Your payment is completed'))
      .parentElement as HTMLElement;
    const invoice = within(done).getByRole('link', { name: 'Invoice 2026-000042' });
    expect(invoice).toHaveAttribute('href', `/api/v1/orders/${order._id}/invoice.pdf`);
    expect(invoice).toHaveAttribute('download');
  });

  it('links the invoice of an order paid before this visit', async () => {
    const order = buildOrder({
      status: 'pending',
      paid: true,
      transactionId: 'sbx_pi_2',
      invoiceNumber: '2026-000007',
    });
    renderPayment(order);
    const done = (await screen.findByTestId('transaction-id')).closest(
      '[role=status]',
    ) as HTMLElement;
    expect(done).toHaveTextContent(/^Paid/);
    expect(within(done).getByRole('link', { name: 'Invoice 2026-000007' })).toBeVisible();
  });
});
