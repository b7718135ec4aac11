import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, setSession, stubApi } from '../../../../test/auth-stubs';
import { admin, signInAs } from '../../../../test/signed-in';
import { jsonResponse, renderWithProviders } from '../../../../test/test-utils';
import { ManageReturnsPage } from '../../../pages/dashboard/manage-returns-page';

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

const noteId = '00000000-0000-4000-8000-000000000401';
const url = `POST /api/v1/admin/credit-notes/${noteId}/pay-back`;
/** $24.68 credited on an invoice that only still owed $3.40: $21.28 is owed back. */
const owed = {
  id: noteId,
  number: 'CN-2026-000009',
  totalCents: 2468,
  issuedAt: '2026-11-25T10:00:00.000Z',
  appliedCents: 340,
  owedBackCents: 2128,
  paidBackCents: 0,
  paidBackAt: null,
  paidBackReference: null,
};
const paid = {
  ...owed,
  owedBackCents: 0,
  paidBackCents: 2128,
  paidBackAt: '2026-11-30T10:00:00.000Z',
  paidBackReference: 'BACS 1130',
};
const refunded = (creditNote: typeof owed | typeof paid) => ({
  id: '00000000-0000-4000-8000-000000000301',
  orderId: '00000000-0000-4000-8000-000000000201',
  rmaNumber: 'RMA-2026-000007',
  state: 'received',
  note: null,
  refusalReason: null,
  email: 'bea@example.com',
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: '2026-11-21T10:00:00.000Z',
  receivedAt: '2026-11-24T10:00:00.000Z',
  paymentTerms: 'account',
  refundState: 'refunded',
  refundCents: 2468,
  refundTaxCents: 0,
  refundFreightCents: 0,
  restockingFeeCents: 0,
  refundedAt: '2026-11-25T10:00:00.000Z',
  creditNote,
  lines: [],
});

describe('PayBackForm (Returns, admin)', () => {
  it('asks for a reference (a red line, nothing sent), then records the pay-back with an Idempotency-Key', async () => {
    const user = userEvent.setup();
    let note: typeof owed | typeof paid = owed;
    const fetchMock = stubApi({
      ...signInAs(admin),
      'GET /api/v1/admin/returns': () =>
        jsonResponse({ success: true, data: [refunded(note)], nextCursor: null }),
      [url]: () => {
        note = paid;
        return jsonResponse({
          success: true,
          data: paid,
          message: 'Paid back 21.28 of credit note CN-2026-000009',
        });
      },
    });
    renderWithProviders(<ManageReturnsPage />);
    const row = within(await screen.findByTestId('admin-return-row'));
    expect(row.getByTestId('credit-note-back')).toHaveTextContent('Owed back $21.28');

    const reference = row.getByLabelText('Transfer or cheque reference');
    await user.click(row.getByRole('button', { name: 'Record pay-back' }));
    expect(await row.findByText('Reference is required')).toHaveClass('text-error');
    expect(reference).toHaveClass('input-error');
    expect(reference).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, url)).toEqual([]);

    await user.type(reference, '  BACS 1130 ');
    await user.click(row.getByRole('button', { name: 'Record pay-back' }));
    expect(await row.findByText(/Paid back \$21\.28 on Nov 30, 2026/)).toBeInTheDocument();
    expect(row.getByTestId('credit-note-back')).toHaveTextContent('(ref BACS 1130)');
    expect(callsTo(fetchMock, url)).toEqual([{ reference: 'BACS 1130' }]);
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/pay-back'))!;
    const headers = (init?.headers ?? {}) as Record<string, string>;
    expect(headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    // Paid back: nothing more to record.
    expect(row.queryByRole('button', { name: 'Record pay-back' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal (409) under the form", async () => {
    const user = userEvent.setup();
    stubApi({
      ...signInAs(admin),
      'GET /api/v1/admin/returns': () =>
        jsonResponse({ success: true, data: [refunded(owed)], nextCursor: null }),
      [url]: () =>
        jsonResponse({ success: false, message: 'This credit note was paid back already' }, 409),
    });
    renderWithProviders(<ManageReturnsPage />);
    const row = within(await screen.findByTestId('admin-return-row'));
    await user.type(row.getByLabelText('Transfer or cheque reference'), 'Cheque 1002');
    await user.click(row.getByRole('button', { name: 'Record pay-back' }));
    expect(await row.findByRole('alert')).toHaveTextContent(
      'This credit note was paid back already',
    );
  });
});
