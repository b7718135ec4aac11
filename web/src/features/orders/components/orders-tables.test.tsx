import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, setSession, stubApi } from '../../../../test/auth-stubs';
import { buildOrder } from '../../../../test/order-fixtures';
import { admin, customer, signInAs } from '../../../../test/signed-in';
import { jsonResponse, renderWithProviders } from '../../../../test/test-utils';
import { ManageOrdersTable } from './manage-orders-table';
import { MyOrdersTable } from './my-orders-table';
import { TransactionId } from './order-status';

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

const unpaid = buildOrder({ purchaseName: 'Oil Filter' });
const paid = buildOrder({
  status: 'pending',
  paid: true,
  transactionId: 'sbx_pi_paid1',
  address: '12 Mill Lane, Peoria IL',
  phone: '+1 309 555 0100',
  createdAt: '2026-11-20T10:00:00.000Z',
});
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
    // No Pay or Cancel on a paid order: its buttons copy the transaction id and buy again.
    expect(
      within(paidRow)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual(['Copy transaction id', 'Buy again']);
    expect(within(open).getByText(/^Ordered [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeInTheDocument();
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
    // Dismissing says what it does; there is no "Cancel" beside "Yes, cancel order".
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Keep order' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel order' }));
    expect(await screen.findByText('Oil Filter - order is deleted.')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole('row', { name: /Oil Filter/ })).toBeNull());
  });
});

describe('ManageOrdersTable', () => {
  it("shows each order's date, delivery address and phone, so the admin knows where to ship, and its ERP number", async () => {
    stubApi({
      ...signInAs(admin),
      'GET /api/v1/manageOrder': () =>
        jsonResponse({ success: true, data: [unpaid, { ...paid, erpOrderNumber: 'SO-1001' }] }),
    });
    renderWithProviders(<ManageOrdersTable />);
    await screen.findByRole('table');
    const paidRow = screen
      .getAllByTestId('manage-order-row')
      .find((row) => row.textContent?.includes(paid.purchaseName)) as HTMLElement;
    expect(paidRow).toHaveTextContent('10 pcs · ordered Nov 20, 2026');
    // Issue 34: the number the ERP gave the order when it took it (PUT …/export).
    expect(within(paidRow).getByTestId('erp-order-number')).toHaveTextContent('ERP: SO-1001');
    expect(screen.getAllByTestId('erp-order-number')).toHaveLength(1);
    expect(within(paidRow).getByTestId('ship-to')).toHaveTextContent(
      'Ship to: 12 Mill Lane, Peoria IL · +1 309 555 0100',
    );
    const openRow = screen
      .getAllByTestId('manage-order-row')
      .find((row) => row.textContent?.includes('Oil Filter')) as HTMLElement;
    expect(within(openRow).getByTestId('ship-to')).toHaveTextContent('Ship to: no address given');
  });

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
    // Each action drawn once, whatever the width.
    expect(within(rowOf('Oil Filter')).getAllByRole('button', { name: 'Delete' })).toHaveLength(1);
    expect(paidRow.getAllByRole('button', { name: 'Shipped' })).toHaveLength(1);
    expect(paidRow.getAllByTestId('ship-form')).toHaveLength(1);
    await user.click(paidRow.getByRole('button', { name: 'Shipped' }));
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

describe('TransactionId', () => {
  it('cuts a long id to fit a phone, keeps it whole for readers, and copies it whole', async () => {
    const id = 'pi_3QxYz0AbCdEfGhIjKlMnOpQr_secretless_9f0e';
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(
      <>
        <TransactionId id={id} />
        <Toaster />
      </>,
    );
    const shown = screen.getByTestId('transaction-id');
    expect(shown).toHaveAttribute('title', id);
    expect(shown.querySelector('[aria-hidden="true"]')?.textContent).toBe('pi_3QxYz0A…9f0e');
    expect(shown.querySelector('.sr-only')?.textContent).toBe(id);
    await userEvent.click(screen.getByRole('button', { name: 'Copy transaction id' }));
    expect(writeText).toHaveBeenCalledWith(id);
    expect(await screen.findByText('Transaction id copied')).toBeInTheDocument();
    vi.unstubAllGlobals();
  });
});
