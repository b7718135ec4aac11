import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../../test/test-utils';
import { CreateWebhookForm } from './create-webhook-form';

afterEach(() => vi.unstubAllGlobals());

describe('CreateWebhookForm', () => {
  it('marks each bad field and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<CreateWebhookForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Register endpoint' }));
    expect(await screen.findByText('URL is Required')).toBeVisible();
    expect(screen.getByLabelText('URL')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Choose at least one event')).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("puts the server's refusal of the URL under the URL field", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          {
            success: false,
            message:
              'url: The URL leads to a private, loopback or link-local address (10.0.0.7): not allowed',
          },
          400,
        ),
      ),
    );
    renderWithProviders(<CreateWebhookForm />);
    await userEvent.type(screen.getByLabelText('URL'), 'https://10.0.0.7/hook');
    await userEvent.click(screen.getByLabelText(/Order placed/));
    await userEvent.click(screen.getByRole('button', { name: 'Register endpoint' }));
    expect(
      await screen.findByText(/leads to a private, loopback or link-local address/),
    ).toBeVisible();
    expect(screen.getByLabelText('URL')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the signing secret once, with the URL it belongs to', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse({
        success: true,
        data: { id: 'e1', secret: 'whsec_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG' },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<CreateWebhookForm />);
    await userEvent.type(screen.getByLabelText('URL'), 'https://erp.example.com/hooks');
    await userEvent.click(screen.getByLabelText(/Order paid/));
    await userEvent.click(screen.getByRole('button', { name: 'Register endpoint' }));
    const secret = await screen.findByLabelText('Signing secret');
    expect(secret).toHaveValue('whsec_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG');
    expect(screen.getByText('Endpoint https://erp.example.com/hooks registered')).toBeVisible();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      url: 'https://erp.example.com/hooks',
      events: ['order.paid'],
    });
    await userEvent.click(screen.getByRole('button', { name: 'I have stored it' }));
    await waitFor(() => expect(screen.queryByLabelText('Signing secret')).toBeNull());
  });
});
