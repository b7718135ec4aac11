import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, setSession, stubApi } from '../../../../test/auth-stubs';
import { admin, customer, signInAs } from '../../../../test/signed-in';
import { buildTool, jsonResponse, renderWithProviders } from '../../../../test/test-utils';
import { OrderForm } from './order-form';

const ADDRESS = 'Address (optional)';
const PHONE = /^Phone/;

const ORDER_ID = '11111111-1111-4111-8111-111111111111';
const PURCHASE = 'POST /api/v1/purchase';

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

function setUp() {
  const fetchMock = stubApi({
    ...signInAs(customer),
    [PURCHASE]: () => jsonResponse({ success: true, data: { insertedId: ORDER_ID } }),
  });
  const product = buildTool({ minimumOrderQuantity: 10, availableQuantity: 25, price: 12.5 });
  renderWithProviders(
    <>
      <OrderForm product={product} />
      <Toaster />
    </>,
  );
  return { fetchMock, product, user: userEvent.setup() };
}

describe('OrderForm', () => {
  it('shows the name and email read-only, the minimum as quantity, and the total as it changes', async () => {
    setUp();
    expect(await screen.findByLabelText('Name')).toHaveValue(customer.name);
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveValue(customer.email);
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Quantity')).toHaveValue(10);
    expect(screen.getByTestId('order-total')).toHaveTextContent('$125');
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '13');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$162.50');
  });

  it("says 'Quantity is Required' under an empty quantity, and sends nothing", async () => {
    const { fetchMock, user } = setUp();
    await user.clear(await screen.findByLabelText('Quantity'));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Quantity is Required')).toHaveClass('text-error');
    expect(callsTo(fetchMock, PURCHASE)).toEqual([]);
  });

  it.each([
    ['9', 'below the minimum'],
    ['26', 'above the stock'],
  ])('toasts the spec message for %s (%s) and sends nothing', async (quantity) => {
    const { fetchMock, user } = setUp();
    await user.clear(await screen.findByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), quantity);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(
      await screen.findByText('Order Quantity minimum 10 and less than 25'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, PURCHASE)).toEqual([]);
  });

  it('places exactly the available quantity with the toolId, toasts the id and offers to pay now', async () => {
    const { fetchMock, product, user } = setUp();
    await user.clear(await screen.findByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '25');
    await user.type(screen.getByLabelText('Address (optional)'), '1 Main St');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(
      await screen.findByText(`Thanks For Purchase. Your Purchase Id ${ORDER_ID}`),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, PURCHASE)).toEqual([
      { toolId: product._id, quantity: 25, address: '1 Main St', phone: '' },
    ]);
    expect(screen.getByRole('link', { name: 'Pay now' })).toHaveAttribute(
      'href',
      `/dashboard/payment/${ORDER_ID}`,
    );
  });

  it("shows the server's refusal (stock taken meanwhile)", async () => {
    const { user } = setUp();
    stubApi({
      ...signInAs(customer),
      [PURCHASE]: () =>
        jsonResponse({ success: false, message: 'Another buyer took part of this stock' }, 409),
    });
    await user.click(await screen.findByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Another buyer took part');
  });

  it('offers no order form to an admin', async () => {
    stubApi(signInAs(admin));
    renderWithProviders(<OrderForm product={buildTool()} />);
    expect(
      await screen.findByText('Admins manage orders; buying is for customer accounts.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place Order' })).not.toBeInTheDocument();
  });

  it('sends an Idempotency-Key per submit, the same on its retry after a 503', async () => {
    let answered = 0;
    const fetchMock = stubApi({
      ...signInAs(customer),
      [PURCHASE]: () => {
        answered += 1;
        return answered === 1
          ? jsonResponse({ success: false, message: 'The database is unavailable' }, 503)
          : jsonResponse({ success: true, data: { insertedId: ORDER_ID } });
      },
    });
    renderWithProviders(<OrderForm product={buildTool({ minimumOrderQuantity: 1 })} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Place Order' }));
    await screen.findByRole('link', { name: 'Pay now' }, { timeout: 5000 });
    const keysSent = () =>
      fetchMock.mock.calls
        .filter(([input, init]) => String(input).endsWith('/purchase') && init?.method === 'POST')
        .map(
          ([, init]) => (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'],
        );
    const keys = keysSent();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);

    await user.click(screen.getByRole('button', { name: 'Order again' }));
    await user.click(await screen.findByRole('button', { name: 'Place Order' }));
    await screen.findByRole('link', { name: 'Pay now' });
    const next = keysSent();
    expect(next).toHaveLength(3);
    expect(next[2]).not.toBe(keys[0]);
  });

  it("fills address and phone from the buyer's profile, without overwriting what was typed", async () => {
    stubApi(signInAs(customer));
    const product = buildTool({ minimumOrderQuantity: 1 });
    function WithProfileLater() {
      const [prefill, setPrefill] = useState<{ address: string; phone: string }>();
      return (
        <>
          <button
            type="button"
            onClick={() => setPrefill({ address: 'Peoria, IL', phone: '+1 309 555 0100' })}
          >
            profile arrives
          </button>
          <OrderForm product={product} prefill={prefill} />
        </>
      );
    }
    renderWithProviders(<WithProfileLater />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(PHONE), '+1 555 0199');
    await user.click(screen.getByRole('button', { name: 'profile arrives' }));
    await waitFor(() => expect(screen.getByLabelText(ADDRESS)).toHaveValue('Peoria, IL'));
    expect(screen.getByLabelText(PHONE)).toHaveValue('+1 555 0199');
  });
});
