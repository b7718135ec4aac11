import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, setSession, stubApi } from '../../../test/auth-stubs';
import { buildQuote } from '../../../test/quote-fixtures';
import { customer, signInAs } from '../../../test/signed-in';
import { jsonResponse, renderWithProviders } from '../../../test/test-utils';
import { QuotePage } from './quote-page';

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

const quoteUrl = (id: string) => `GET /api/v1/quotes/${id}`;
const at = (id: string) => ({ route: `/dashboard/quotes/${id}`, path: '/dashboard/quotes/:id' });

describe('QuotePage', () => {
  it("shows each line's list price beside the quoted one, the lead time, expiry and the shop's note", async () => {
    const quote = buildQuote();
    stubApi({
      ...signInAs(customer),
      [quoteUrl(quote._id)]: () => jsonResponse({ success: true, data: quote }),
    });
    renderWithProviders(<QuotePage />, at(quote._id));

    const lines = await screen.findByRole('list', { name: 'Quote lines' });
    expect(lines).toHaveTextContent('Deep-groove bearing 6204');
    expect(lines).toHaveTextContent('only 40 pcs in stock');
    expect(screen.getAllByTestId('quoted-price').map((el) => el.textContent)).toEqual([
      '$8.50',
      '$1.99',
    ]);
    expect(lines).toHaveTextContent('$10');
    expect(screen.getByTestId('quote-total')).toHaveTextContent('$929.60');
    expect(screen.getByText('14 days')).toBeInTheDocument();
    expect(screen.getByText('December 31, 2099')).toBeInTheDocument();
    expect(screen.getByText('Delivered in two lots')).toBeInTheDocument();
  });

  it('accepts with a ship-to address and phone (red under empty fields), then links to the order and its payment', async () => {
    const user = userEvent.setup();
    let quote = buildQuote();
    const fetchMock = stubApi({
      ...signInAs(customer),
      [quoteUrl(quote._id)]: () => jsonResponse({ success: true, data: quote }),
      [`POST /api/v1/quotes/${quote._id}/accept`]: () => {
        quote = { ...quote, status: 'accepted', orderId: 'order-9' };
        return jsonResponse({ success: true, data: { quote, orderId: 'order-9' } });
      },
    });
    renderWithProviders(<QuotePage />, at(quote._id));

    const accept = await screen.findByRole('button', { name: 'Accept and place order' });
    await user.click(accept);
    const address = screen.getByLabelText('Ship to (address)');
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(address).toHaveClass('input-error');
    expect(screen.getByText('Address is required')).toBeInTheDocument();
    expect(screen.getByText('Phone is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, `POST /api/v1/quotes/${quote._id}/accept`)).toHaveLength(0);

    await user.type(address, '1 Mill Rd, Peoria IL');
    await user.type(screen.getByLabelText('Phone'), '+1 309 555 0100');
    await user.type(screen.getByLabelText('PO number (optional)'), 'PO-77');
    await user.click(accept);

    expect(await screen.findByRole('link', { name: 'Pay the order' })).toHaveAttribute(
      'href',
      '/dashboard/payment/order-9',
    );
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/dashboard');
    expect(callsTo(fetchMock, `POST /api/v1/quotes/${quote._id}/accept`)).toEqual([
      { address: '1 Mill Rd, Peoria IL', phone: '+1 309 555 0100', poNumber: 'PO-77' },
    ]);
  });

  it("shows the server's refusal (accepted twice, expired) under the form", async () => {
    const user = userEvent.setup();
    const quote = buildQuote();
    stubApi({
      ...signInAs(customer),
      [quoteUrl(quote._id)]: () => jsonResponse({ success: true, data: quote }),
      [`POST /api/v1/quotes/${quote._id}/accept`]: () =>
        jsonResponse({ success: false, message: 'This quote has already been accepted' }, 409),
    });
    renderWithProviders(<QuotePage />, at(quote._id));
    await user.type(await screen.findByLabelText('Ship to (address)'), '1 Mill Rd');
    await user.type(screen.getByLabelText('Phone'), '555 0100');
    await user.click(screen.getByRole('button', { name: 'Accept and place order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This quote has already been accepted',
    );
  });

  it.each([
    ['expired', buildQuote({ status: 'expired', expiresOn: '2026-01-01' }), /This offer has ended/],
    [
      'requested',
      buildQuote({ status: 'requested', total: null, answeredAt: null }),
      /The shop has your request/,
    ],
    [
      "a colleague's (seen by the company admin)",
      buildQuote({ buyerEmail: 'cole@example.com', buyerName: 'Cole League' }),
      /Only Cole League can accept this quote/,
    ],
  ])('offers no Accept form for a quote that is %s', async (_kind, quote, says) => {
    stubApi({
      ...signInAs(customer),
      [quoteUrl(quote._id)]: () => jsonResponse({ success: true, data: quote }),
    });
    renderWithProviders(<QuotePage />, at(quote._id));
    expect(await screen.findByText(says)).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Accept and place order' }),
    ).not.toBeInTheDocument();
  });

  it('says "Quote not found" for a quote that is not the reader\'s', async () => {
    stubApi({ ...signInAs(customer) });
    renderWithProviders(<QuotePage />, at('someone-elses'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Not found'));
  });
});
