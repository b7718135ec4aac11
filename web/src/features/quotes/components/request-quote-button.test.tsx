import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, setSession, stubApi } from '../../../../test/auth-stubs';
import { requestedQuote } from '../../../../test/quote-fixtures';
import { customer, signInAs } from '../../../../test/signed-in';
import { jsonResponse, renderWithProviders } from '../../../../test/test-utils';
import { RequestQuoteButton } from './request-quote-button';

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

describe('RequestQuoteButton', () => {
  it("sends the cart with a message and opens the new quote's page", async () => {
    const user = userEvent.setup();
    const quote = requestedQuote();
    const fetchMock = stubApi({
      ...signInAs(customer),
      'POST /api/v1/quotes': () => jsonResponse({ success: true, data: quote }),
    });
    renderWithProviders(<RequestQuoteButton />, {
      route: '/cart',
      path: '/cart',
      otherRoutes: [{ path: '/dashboard/quotes/:id', element: <h1>Quote page</h1> }],
    });
    await user.click(screen.getByRole('button', { name: 'Request a quote' }));
    await user.type(screen.getByLabelText('Message to the shop (optional)'), 'Two lots please');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('heading', { name: 'Quote page' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/v1/quotes')).toEqual([{ message: 'Two lots please' }]);
  });

  it("shows the server's refusal in the dialog (a part no longer sold)", async () => {
    const user = userEvent.setup();
    stubApi({
      ...signInAs(customer),
      'POST /api/v1/quotes': () =>
        jsonResponse(
          {
            success: false,
            message:
              'GONE-9 Retired valve is no longer sold: remove it from your cart to request a quote',
          },
          400,
        ),
    });
    renderWithProviders(<RequestQuoteButton />, { route: '/cart', path: '/cart' });
    await user.click(screen.getByRole('button', { name: 'Request a quote' }));
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'GONE-9 Retired valve is no longer sold',
    );
  });
});
