import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, setSession, stubApi } from '../../../test/auth-stubs';
import { buildQuote, requestedQuote } from '../../../test/quote-fixtures';
import { admin, signInAs } from '../../../test/signed-in';
import { jsonResponse, renderWithProviders } from '../../../test/test-utils';
import { QuoteAnswerPage } from './quote-answer-page';

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

const at = (id: string) => ({
  route: `/dashboard/quote-inbox/${id}`,
  path: '/dashboard/quote-inbox/:id',
});

describe('QuoteAnswerPage', () => {
  it("prefills each line with today's list price, totals as prices change, and sends the answer", async () => {
    const user = userEvent.setup();
    let quote = requestedQuote();
    const fetchMock = stubApi({
      ...signInAs(admin),
      [`GET /api/v1/quotes/${quote._id}`]: () => jsonResponse({ success: true, data: quote }),
      [`POST /api/v1/admin/quotes/${quote._id}/answer`]: () => {
        quote = buildQuote();
        return jsonResponse({ success: true, data: quote });
      },
    });
    renderWithProviders(<QuoteAnswerPage />, at(quote._id));

    const bearing = await screen.findByLabelText('Unit price for BRG-6204 ($)');
    expect(bearing).toHaveValue(10);
    expect(screen.getByLabelText('Unit price for NUT-M8 ($)')).toHaveValue(2.5);
    expect(screen.getByTestId('answer-total')).toHaveTextContent('$1,100');
    await user.clear(bearing);
    await user.type(bearing, '8.5');
    expect(screen.getByTestId('answer-total')).toHaveTextContent('$950');
    const lead = screen.getByLabelText('Lead time (days)');
    await user.clear(lead);
    await user.type(lead, '21');
    const expiry = screen.getByLabelText('Valid until (last day)');
    await user.clear(expiry);
    await user.type(expiry, '2099-06-30');
    await user.type(screen.getByLabelText('Note to the buyer (optional)'), 'Two lots');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));

    // Answered: the page shows the answer, with no form left.
    expect(await screen.findByRole('heading', { name: 'Quote' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send answer' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, `POST /api/v1/admin/quotes/${quote._id}/answer`)).toEqual([
      {
        lines: [
          { lineNo: 1, unitPrice: 8.5 },
          { lineNo: 2, unitPrice: 2.5 },
        ],
        leadTimeDays: 21,
        expiresOn: '2099-06-30',
        note: 'Two lots',
      },
    ]);
  });

  it('marks a bad price or lead time in red and sends nothing', async () => {
    const user = userEvent.setup();
    const quote = requestedQuote();
    const fetchMock = stubApi({
      ...signInAs(admin),
      [`GET /api/v1/quotes/${quote._id}`]: () => jsonResponse({ success: true, data: quote }),
    });
    renderWithProviders(<QuoteAnswerPage />, at(quote._id));

    const nut = await screen.findByLabelText('Unit price for NUT-M8 ($)');
    await user.clear(nut);
    await user.type(nut, '-1');
    const lead = screen.getByLabelText('Lead time (days)');
    await user.clear(lead);
    await user.click(screen.getByRole('button', { name: 'Send answer' }));

    expect(await screen.findByText('Unit price cannot be negative')).toBeInTheDocument();
    expect(nut).toHaveAttribute('aria-invalid', 'true');
    expect(nut).toHaveClass('input-error');
    expect(screen.getByText('Lead time must be a number of days')).toBeInTheDocument();
    expect(callsTo(fetchMock, `POST /api/v1/admin/quotes/${quote._id}/answer`)).toHaveLength(0);
  });

  it("shows the server's refusal when another admin answered first", async () => {
    const user = userEvent.setup();
    const quote = requestedQuote();
    stubApi({
      ...signInAs(admin),
      [`GET /api/v1/quotes/${quote._id}`]: () => jsonResponse({ success: true, data: quote }),
      [`POST /api/v1/admin/quotes/${quote._id}/answer`]: () =>
        jsonResponse(
          { success: false, message: 'This quote has already been answered or closed' },
          409,
        ),
    });
    renderWithProviders(<QuoteAnswerPage />, at(quote._id));
    await user.click(await screen.findByRole('button', { name: 'Send answer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This quote has already been answered or closed',
    );
  });
});
