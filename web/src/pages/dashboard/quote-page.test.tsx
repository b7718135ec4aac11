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

const cardOrder = {
  status: 'unpaid' as const,
  paymentTerms: 'card' as const,
  invoiceNumber: null,
  dueOn: null,
};
const acme = (role: 'admin' | 'buyer' | 'approver', orderLimit: number | null = null) => ({
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'Acme Fasteners',
  taxId: 'GB123',
  billingAddress: '1 Mill Road, Leeds',
  termsDays: 30 as number | null,
  creditLimit: 10000,
  balance: 2500,
  availableCredit: 7500,
  createdAt: '2026-03-14T10:00:00.000Z',
  me: { role, orderLimit, canLeave: true },
});

const quoteUrl = (id: string) => `GET /api/v1/quotes/${id}`;
const priceUrl = (id: string) => `POST /api/v1/quotes/${id}/price`;
const texas = {
  name: 'Bea Buyer',
  company: '',
  line1: '1 Mill Rd',
  line2: '',
  city: 'Austin',
  region: 'TX',
  postalCode: '78701',
  country: 'US',
  phone: '+1 512 555 0100',
};
/** What accepting the $929.60 quote comes to shipped to Texas by Ground (the server's answer). */
const priceInTexas = {
  lines: [],
  subtotal: 929.6,
  shippingMethods: [
    { code: 'ground', name: 'Ground freight', price: 49, quoted: false, estimate: '3-5 days' },
    { code: 'pickup', name: 'Pickup', price: 0, quoted: false, estimate: 'Next day' },
  ],
  shippingMethod: 'ground',
  freight: 49,
  taxes: [{ name: 'Texas sales tax', rate: 6.25, amount: 61.16 }],
  tax: 61.16,
  total: 1039.76,
  taxNote: null,
};
/** Types the Texas address into the structured fields. */
async function typeTexas(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Address line 1'), texas.line1);
  await user.type(screen.getByLabelText('City'), texas.city);
  await user.selectOptions(screen.getByLabelText('State'), 'TX');
  await user.type(screen.getByLabelText('Postal code'), texas.postalCode);
  await user.type(screen.getByLabelText('Phone'), texas.phone);
}
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

  it('accepts with a structured ship-to address (red under empty fields), shows freight and tax first, then links to the order and its payment', async () => {
    const user = userEvent.setup();
    let quote = buildQuote();
    const fetchMock = stubApi({
      ...signInAs(customer),
      [quoteUrl(quote._id)]: () => jsonResponse({ success: true, data: quote }),
      [priceUrl(quote._id)]: () => jsonResponse({ success: true, data: priceInTexas }),
      [`POST /api/v1/quotes/${quote._id}/accept`]: () => {
        quote = { ...quote, status: 'accepted', orderId: 'order-9', order: cardOrder };
        return jsonResponse({ success: true, data: { quote, orderId: 'order-9' } });
      },
    });
    renderWithProviders(<QuotePage />, at(quote._id));

    const accept = await screen.findByRole('button', { name: 'Accept and place order' });
    await user.click(accept);
    const line1 = screen.getByLabelText('Address line 1');
    expect(line1).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Address line 1 is required')).toBeInTheDocument();
    expect(screen.getByText('City is required')).toBeInTheDocument();
    expect(screen.getByTestId('quote-price-subtotal')).toHaveTextContent('$929.60');
    expect(callsTo(fetchMock, priceUrl(quote._id))).toHaveLength(0);

    await typeTexas(user);
    await user.type(screen.getByLabelText('PO number (optional)'), 'PO-77');
    expect(await screen.findByRole('radio', { name: /Ground freight/ })).toBeChecked();
    expect(screen.getByTestId('quote-price-freight')).toHaveTextContent('$49');
    expect(screen.getByText('Texas sales tax (6.25%)')).toBeInTheDocument();
    expect(screen.getByTestId('quote-price-total')).toHaveTextContent('$1,039.76');
    // Priced again by the method it shows (the cheapest, chosen for the buyer).
    await waitFor(() =>
      expect(callsTo(fetchMock, priceUrl(quote._id)).at(-1)).toEqual({
        shipTo: texas,
        shippingMethod: 'ground',
      }),
    );
    await waitFor(() => expect(accept).toBeEnabled());
    await user.click(accept);

    expect(await screen.findByRole('link', { name: 'Pay the order' })).toHaveAttribute(
      'href',
      '/dashboard/payment/order-9',
    );
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/dashboard');
    expect(callsTo(fetchMock, `POST /api/v1/quotes/${quote._id}/accept`)).toEqual([
      {
        shipTo: texas,
        shippingMethod: 'ground',
        address: '',
        phone: '',
        poNumber: 'PO-77',
        paymentTerms: 'card',
      },
    ]);
    // A customer in no company pays by card: no Payment choice was offered.
    expect(screen.queryByRole('group', { name: 'Payment' })).not.toBeInTheDocument();
  });

  it('lets a company buyer pay on account (terms and credit left shown, PO then required), says the order awaits approval above the limit, and offers no Pay link', async () => {
    const user = userEvent.setup();
    let quote = buildQuote();
    const fetchMock = stubApi({
      ...signInAs(customer),
      'GET /api/v1/company': () =>
        jsonResponse({ success: true, data: { ...acme('buyer', 100), billingTo: texas } }),
      [quoteUrl(quote._id)]: () => jsonResponse({ success: true, data: quote }),
      [priceUrl(quote._id)]: () => jsonResponse({ success: true, data: priceInTexas }),
      [`POST /api/v1/quotes/${quote._id}/accept`]: () => {
        quote = {
          ...quote,
          status: 'accepted',
          orderId: 'order-10',
          order: {
            status: 'awaiting_approval',
            paymentTerms: 'account',
            invoiceNumber: null,
            dueOn: null,
          },
        };
        return jsonResponse({ success: true, data: { quote, orderId: 'order-10' } });
      },
    });
    renderWithProviders(<QuotePage />, at(quote._id));

    const payment = await screen.findByRole('group', { name: 'Payment' });
    expect(screen.getByRole('radio', { name: /Card/ })).toBeChecked();
    const account = screen.getByRole('radio', { name: /On account, net 30/ });
    expect(payment).toHaveTextContent('On account, net 30 ($7,500 of credit left)');
    expect(screen.getByRole('note')).toHaveTextContent(
      'This quote is above your limit of $100: its order will wait for an approver',
    );
    // A company buyer's first order ships to the company's address unless they say otherwise.
    await waitFor(() => expect(screen.getByLabelText('Address line 1')).toHaveValue('1 Mill Rd'));
    await screen.findByRole('radio', { name: /Ground freight/ });
    await user.click(account);
    const po = screen.getByLabelText('PO number (required on account)');
    await user.click(screen.getByRole('button', { name: 'Accept and place order' }));
    expect(
      await screen.findByText('A PO number is required to pay on account'),
    ).toBeInTheDocument();
    expect(po).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, `POST /api/v1/quotes/${quote._id}/accept`)).toHaveLength(0);

    await user.type(po, 'PO-88');
    await user.click(screen.getByRole('button', { name: 'Accept and place order' }));
    expect(await screen.findByText(/awaits approval by an approver/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pay the order' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Orders' })).toBeInTheDocument();
    expect(callsTo(fetchMock, `POST /api/v1/quotes/${quote._id}/accept`)).toEqual([
      {
        shipTo: texas,
        shippingMethod: 'ground',
        address: '',
        phone: '',
        poNumber: 'PO-88',
        paymentTerms: 'account',
      },
    ]);
  });

  it('leaves the address alone once the buyer chose its country, even the one it showed, when the company’s address comes late', async () => {
    const quote = buildQuote();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const leeds = { ...texas, city: 'Leeds', region: '', postalCode: 'LS1 4AP', country: 'GB' };
    stubApi({
      ...signInAs(customer),
      'GET /api/v1/company': async () => {
        await held;
        return jsonResponse({ success: true, data: { ...acme('buyer'), billingTo: leeds } });
      },
      [quoteUrl(quote._id)]: () => jsonResponse({ success: true, data: quote }),
      [priceUrl(quote._id)]: () => jsonResponse({ success: true, data: priceInTexas }),
    });
    renderWithProviders(<QuotePage />, at(quote._id));
    const user = userEvent.setup();
    const country = await screen.findByLabelText('Country');
    const shown = (country as HTMLSelectElement).value;
    expect(shown).not.toBe('GB');
    await user.selectOptions(country, shown);
    release();
    await screen.findByRole('group', { name: 'Payment' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByLabelText('Country')).toHaveValue(shown);
    expect(screen.getByLabelText('City')).toHaveValue('');
  });

  it('says an order on account is invoiced and when it is due, without a Pay link', async () => {
    const quote = buildQuote({
      status: 'accepted',
      orderId: 'order-11',
      order: {
        status: 'pending',
        paymentTerms: 'account',
        invoiceNumber: '2026-000123',
        dueOn: '2026-12-26',
      },
    });
    stubApi({
      ...signInAs(customer),
      'GET /api/v1/company': () => jsonResponse({ success: true, data: acme('admin') }),
      [quoteUrl(quote._id)]: () => jsonResponse({ success: true, data: quote }),
    });
    renderWithProviders(<QuotePage />, at(quote._id));
    expect(
      await screen.findByText('Invoiced on account (invoice 2026-000123), due Dec 26, 2026.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pay the order' })).not.toBeInTheDocument();
  });

  it('offers On account disabled when the company has no terms, and no over-limit note within the limit', async () => {
    const quote = buildQuote();
    stubApi({
      ...signInAs(customer),
      'GET /api/v1/company': () =>
        jsonResponse({
          success: true,
          data: { ...acme('buyer', 5000), termsDays: null, creditLimit: 0, availableCredit: 0 },
        }),
      [quoteUrl(quote._id)]: () => jsonResponse({ success: true, data: quote }),
    });
    renderWithProviders(<QuotePage />, at(quote._id));
    const account = await screen.findByRole('radio', {
      name: /On account \(your company has no terms yet/,
    });
    expect(account).toBeDisabled();
    expect(screen.getByRole('radio', { name: /Card/ })).toBeChecked();
    expect(screen.queryByText(/above your limit/)).not.toBeInTheDocument();
    // The company's address is text only: shown, for the buyer to enter in the fields.
    expect(screen.getByTestId('text-address')).toHaveTextContent('1 Mill Road, Leeds');
  });

  it("shows the server's refusal (accepted twice, expired) under the form", async () => {
    const user = userEvent.setup();
    const quote = buildQuote();
    stubApi({
      ...signInAs(customer),
      [quoteUrl(quote._id)]: () => jsonResponse({ success: true, data: quote }),
      [priceUrl(quote._id)]: () => jsonResponse({ success: true, data: priceInTexas }),
      [`POST /api/v1/quotes/${quote._id}/accept`]: () =>
        jsonResponse({ success: false, message: 'This quote has already been accepted' }, 409),
    });
    renderWithProviders(<QuotePage />, at(quote._id));
    await screen.findByLabelText('Address line 1');
    await typeTexas(user);
    const accept = screen.getByRole('button', { name: 'Accept and place order' });
    await screen.findByRole('radio', { name: /Ground freight/ });
    await waitFor(() => expect(accept).toBeEnabled());
    await user.click(accept);
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
