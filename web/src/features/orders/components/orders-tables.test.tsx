import type { Order } from '@proper-parts/domain/orders';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, setSession, stubApi } from '../../../../test/auth-stubs';
import { admin, customer, signInAs } from '../../../../test/signed-in';
import { jsonResponse, renderWithProviders } from '../../../../test/test-utils';
import { ManageOrdersTable } from './manage-orders-table';
import { MyOrdersTable } from './my-orders-table';

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

let sequence = 0;
function buildOrder(overrides: Partial<Order> = {}): Order {
  sequence += 1;
  return {
    _id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    toolId: '00000000-0000-4000-8000-000000000999',
    purchaseName: `Gear ${sequence}`,
    quantity: 10,
    unitPrice: 5,
    price: 50,
    img: '/images/products/piston.svg',
    userName: customer.name,
    email: customer.email,
    address: '',
    phone: '',
    status: 'unpaid',
    paid: false,
    transactionId: null,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

const unpaid = buildOrder({ purchaseName: 'Oil Filter' });
const paid = buildOrder({ status: 'pending', paid: true, transactionId: 'sbx_pi_paid1' });
const shipped = buildOrder({ status: 'shipped', paid: true, transactionId: 'sbx_pi_shipped1' });
const rowOf = (text: string) => screen.getByRole('row', { name: new RegExp(text) });

describe('MyOrdersTable', () => {
  it('shows Pay and Cancel while unpaid, Paid with the transaction id, and Shipped', async () => {
    stubApi({
      ...signInAs(customer),
      [`GET /api/v1/purchase/${encodeURIComponent(customer.email)}`]: () =>
        jsonResponse({ success: true, data: [unpaid, paid, shipped] }),
    });
    renderWithProviders(<MyOrdersTable email={customer.email} />);
    await screen.findByRole('table');
    const open = rowOf('Oil Filter');
    expect(within(open).getByRole('link', { name: 'Pay' })).toHaveAttribute(
      'href',
      `/dashboard/payment/${unpaid._id}`,
    );
    expect(within(open).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    const paidRow = rowOf(paid.purchaseName);
    expect(within(paidRow).getByText('Paid')).toBeInTheDocument();
    expect(within(paidRow).getByText('sbx_pi_paid1')).toBeInTheDocument();
    expect(within(paidRow).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rowOf(shipped.purchaseName)).getByText('Shipped')).toBeInTheDocument();
  });

  it('cancels after the confirm modal, toasts "{name} - order is deleted." and refreshes', async () => {
    const user = userEvent.setup();
    let list = [unpaid, paid];
    const fetchMock = stubApi({
      ...signInAs(customer),
      [`GET /api/v1/purchase/${encodeURIComponent(customer.email)}`]: () =>
        jsonResponse({ success: true, data: list }),
      [`DELETE /api/v1/myPurchase/${unpaid._id}`]: () => {
        list = [paid];
        return jsonResponse({ success: true, data: { deletedCount: 1 } });
      },
    });
    renderWithProviders(
      <>
        <MyOrdersTable email={customer.email} />
        <Toaster />
      </>,
    );
    await user.click(
      within(await screen.findByRole('row', { name: /Oil Filter/ })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    expect(callsTo(fetchMock, `DELETE /api/v1/myPurchase/${unpaid._id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel order' }));
    expect(await screen.findByText('Oil Filter - order is deleted.')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole('row', { name: /Oil Filter/ })).toBeNull());
  });
});

describe('ManageOrdersTable', () => {
  it('ships a paid order with "Order Shipped"; paid orders read Already Paid and have no Delete', async () => {
    const user = userEvent.setup();
    let current = paid;
    const fetchMock = stubApi({
      ...signInAs(admin),
      'GET /api/v1/manageOrder': () => jsonResponse({ success: true, data: [unpaid, current] }),
      [`PATCH /api/v1/manageOrder/${paid._id}`]: () => {
        current = { ...paid, status: 'shipped' };
        return jsonResponse({ success: true, data: { acknowledged: true } });
      },
    });
    renderWithProviders(
      <>
        <ManageOrdersTable />
        <Toaster />
      </>,
    );
    const paidRow = within(await screen.findByRole('row', { name: new RegExp(paid.purchaseName) }));
    expect(paidRow.getByText('Already Paid')).toBeInTheDocument();
    expect(paidRow.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(
      within(rowOf('Oil Filter')).getAllByRole('button', { name: 'Delete' }).length,
    ).toBeGreaterThan(0);
    await user.click(paidRow.getAllByRole('button', { name: 'Shipped' })[0] as HTMLElement);
    expect(await screen.findByText('Order Shipped')).toBeInTheDocument();
    expect(callsTo(fetchMock, `PATCH /api/v1/manageOrder/${paid._id}`)).toHaveLength(1);
    await vi.waitFor(() =>
      expect(
        within(rowOf(paid.purchaseName)).queryAllByRole('button', { name: 'Shipped' }),
      ).toHaveLength(0),
    );
  });

  it('asks for the status filter it is given', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      ...signInAs(admin),
      'GET /api/v1/manageOrder': () => jsonResponse({ success: true, data: [] }),
    });
    renderWithProviders(<ManageOrdersTable />);
    await screen.findByText('No orders to manage');
    await user.selectOptions(screen.getByLabelText('Status'), 'shipped');
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => String(input).includes('status=shipped'))).toBe(
        true,
      ),
    );
  });
});
