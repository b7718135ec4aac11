import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, setSession, stubApi } from '../../../../test/auth-stubs';
import { buildOrder } from '../../../../test/order-fixtures';
import { admin, customer, signInAs } from '../../../../test/signed-in';
import { jsonResponse, renderWithProviders } from '../../../../test/test-utils';
import { ManageOrdersTable } from '../../orders/components/manage-orders-table';
import { MyOrdersTable } from '../../orders/components/my-orders-table';

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

const line = (lineNo: number, sku: string, quantity: number, shipped?: number) => ({
  lineNo,
  productId: `00000000-0000-4000-8000-00000000010${lineNo}`,
  sku,
  name: `Part ${sku}`,
  img: '/x.svg',
  quantity,
  unitPrice: 2,
  lineTotal: 2 * quantity,
  ...(shipped ? { shipped } : {}),
});
const order = buildOrder({
  status: 'partially_shipped',
  paid: true,
  transactionId: 'sbx_pi_part',
  lines: [line(1, 'BRG-1', 10, 6), line(2, 'BRG-2', 4)],
});
const ups = {
  id: '00000000-0000-4000-8000-000000000201',
  orderId: order._id,
  carrier: 'UPS',
  trackingNumber: '1Z999',
  trackingUrl: 'https://www.ups.com/track?tracknum=1Z999',
  createdAt: '2026-11-20T10:00:00.000Z',
  lines: [
    { lineNo: 1, productId: order.lines[0]!.productId, sku: 'BRG-1', name: 'Part', quantity: 6 },
  ],
};

describe('shipments', () => {
  it('Manage Orders: the Ship form starts at what is left, checks the fields, and shows the server’s refusal in red', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      ...signInAs(admin),
      'GET /api/v1/manageOrder': () => jsonResponse({ success: true, data: [order] }),
      [`POST /api/v1/manageOrder/${order._id}/shipments`]: () =>
        jsonResponse(
          { success: false, message: 'lines: product x has 4 pieces left to ship' },
          422,
        ),
    });
    renderWithProviders(<ManageOrdersTable />);
    // One Ship form a row, whatever the width (it was drawn twice, one copy hidden by CSS).
    const form = within(await screen.findByTestId('ship-form'));
    await user.click(form.getByText('Ship part…'));
    expect(form.getByLabelText('Pieces of BRG-1 to ship')).toHaveValue(4);
    expect(form.getByLabelText('Pieces of BRG-2 to ship')).toHaveValue(4);
    await user.click(form.getByRole('button', { name: 'Ship these pieces' }));
    expect(form.getByText('Carrier is required')).toHaveClass('text-error');
    expect(callsTo(fetchMock, `POST /api/v1/manageOrder/${order._id}/shipments`)).toEqual([]);

    await user.clear(form.getByLabelText('Pieces of BRG-2 to ship'));
    await user.type(form.getByLabelText('Pieces of BRG-2 to ship'), '0');
    await user.type(form.getByLabelText('Carrier'), 'UPS');
    await user.type(form.getByLabelText('Tracking number'), '1Z999');
    await user.click(form.getByRole('button', { name: 'Ship these pieces' }));
    expect(await form.findByText('product x has 4 pieces left to ship')).toHaveClass('text-error');
    expect(callsTo(fetchMock, `POST /api/v1/manageOrder/${order._id}/shipments`)).toEqual([
      {
        lines: [{ productId: order.lines[0]!.productId, quantity: 4 }],
        carrier: 'UPS',
        trackingNumber: '1Z999',
      },
    ]);
  });

  it('Manage Orders: "Cancel the rest" names what will not ship, asks, then cancels it', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      ...signInAs(admin),
      'GET /api/v1/manageOrder': () => jsonResponse({ success: true, data: [order] }),
      [`DELETE /api/v1/manageOrder/${order._id}`]: () =>
        jsonResponse({ success: true, data: { deletedCount: 1 } }),
    });
    renderWithProviders(
      <>
        <ManageOrdersTable />
        <Toaster />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Cancel the rest' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel what has not shipped?' });
    const rest = within(dialog).getByRole('list', { name: 'Pieces not shipped' });
    const items = within(rest).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('BRG-1 Part BRG-1: 4 pcs of 10 pcs');
    expect(items[1]).toHaveTextContent('BRG-2 Part BRG-2: 4 pcs of 4 pcs');
    // Keeping the order sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(callsTo(fetchMock, `DELETE /api/v1/manageOrder/${order._id}`)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancel the rest' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel the rest' }));
    expect(
      await screen.findByText('The unshipped rest of the order was cancelled; its stock is back'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, `DELETE /api/v1/manageOrder/${order._id}`)).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('My Orders: "Partially shipped", each shipment with its tracking link, lines and packing slip', async () => {
    stubApi({
      ...signInAs(customer),
      [`GET /api/v1/purchase/${encodeURIComponent(customer.email)}`]: () =>
        jsonResponse({ success: true, data: [order] }),
      [`GET /api/v1/orders/${order._id}/shipments`]: () =>
        jsonResponse({ success: true, data: [ups], nextCursor: null }),
    });
    renderWithProviders(<MyOrdersTable email={customer.email} />);
    const shipment = await screen.findByTestId('shipment');
    expect(screen.getByText('Partially shipped')).toBeInTheDocument();
    expect(within(shipment).getByRole('link', { name: 'Track 1Z999' })).toHaveAttribute(
      'href',
      ups.trackingUrl,
    );
    expect(within(shipment).getByText(/BRG-1/).closest('li')).toHaveTextContent('6');
    expect(within(shipment).getByRole('link', { name: 'Packing slip' })).toHaveAttribute(
      'href',
      `/api/v1/shipments/${ups.id}/packing-slip.pdf`,
    );
  });
});
