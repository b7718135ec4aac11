import { paymentMessages } from '@proper-parts/domain/payments';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, setSession, stubApi } from '../../../../test/auth-stubs';
import { jsonResponse, renderWithProviders } from '../../../../test/test-utils';
import { SandboxCardForm } from './sandbox-card-form';

const CONFIRM = 'POST /api/v1/sandbox/confirm';

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

function setUp(answer: () => Response) {
  const fetchMock = stubApi({ [CONFIRM]: answer });
  const onConfirmed = vi.fn(async () => {});
  renderWithProviders(
    <SandboxCardForm
      clientSecret="sbx_pi_1_secret_2"
      billing={{ name: 'Bea', email: 'bea@example.com' }}
      onConfirmed={onConfirmed}
      busy={false}
    />,
  );
  return { fetchMock, onConfirmed, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry'), '12/34');
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.click(screen.getByRole('button', { name: 'Pay' }));
}

describe('SandboxCardForm', () => {
  it('says it is test mode', () => {
    setUp(() => jsonResponse({}));
    expect(screen.getByText('Test mode — no real charges')).toBeInTheDocument();
  });

  it('refuses a number that fails the Luhn check before asking the server', async () => {
    const { fetchMock, user } = setUp(() => jsonResponse({}));
    await fill(user, '4242 4242 4242 4241');
    expect(await screen.findByText(paymentMessages.cardNumberInvalid)).toHaveClass('text-error');
    expect(callsTo(fetchMock, CONFIRM)).toEqual([]);
  });

  it("shows the provider's decline in red and records nothing", async () => {
    const { onConfirmed, user } = setUp(() =>
      jsonResponse({ success: false, message: paymentMessages.declined }, 402),
    );
    await fill(user, '4000 0000 0000 0002');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(alert).toHaveClass('text-error');
    expect(onConfirmed).not.toHaveBeenCalled();
  });

  it('confirms 4242… with the client secret and billing details, then hands over the payment id', async () => {
    const { fetchMock, onConfirmed, user } = setUp(() =>
      jsonResponse({ success: true, data: { paymentIntentId: 'sbx_pi_1', status: 'succeeded' } }),
    );
    await fill(user, '4242 4242 4242 4242');
    await vi.waitFor(() => expect(onConfirmed).toHaveBeenCalledWith('sbx_pi_1'));
    expect(callsTo(fetchMock, CONFIRM)).toEqual([
      {
        clientSecret: 'sbx_pi_1_secret_2',
        card: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
        billing: { name: 'Bea', email: 'bea@example.com' },
      },
    ]);
  });
});
