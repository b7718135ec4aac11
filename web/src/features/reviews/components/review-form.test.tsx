import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, stubApi } from '../../../../test/auth-stubs';
import { jsonResponse, renderWithProviders } from '../../../../test/test-utils';
import { ReviewForm } from './review-form';

afterEach(() => vi.unstubAllGlobals());

const renderForm = () =>
  renderWithProviders(
    <>
      <ReviewForm />
      <Toaster />
    </>,
  );

describe('ReviewForm', () => {
  it("shows 'Rating is Required' and 'Description is Required' and sends nothing", async () => {
    const fetchMock = stubApi();
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Add Review' }));

    expect(await screen.findByText('Rating is Required')).toHaveClass('text-error');
    expect(screen.getByText('Description is Required')).toHaveClass('text-error');
    expect(callsTo(fetchMock, 'POST /api/v1/reviews')).toHaveLength(0);
  });

  it("sends the rating and description only, toasts 'Review Add Successful' and clears", async () => {
    const fetchMock = stubApi({
      'POST /api/v1/reviews': () => jsonResponse({ success: true, data: { insertedId: 'r1' } }),
    });
    renderForm();
    expect(screen.getByText('Choose 1 (poor) to 5 (excellent) stars')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(screen.getByText('4 of 5 stars')).toBeInTheDocument();
    const description = screen.getByLabelText('Description');
    await userEvent.type(description, 'Fast delivery of 6204 bearings.');
    expect(screen.getByText('31 / 1,000')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Review' }));

    expect(await screen.findByText('Review Add Successful')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/v1/reviews')).toEqual([
      { rating: 4, description: 'Fast delivery of 6204 bearings.' },
    ]);
    expect(description).toHaveValue('');
    expect(screen.getByRole('radio', { name: '4 stars' })).not.toBeChecked();
  });

  it("shows the server's refusal under the form", async () => {
    stubApi({
      'POST /api/v1/reviews': () =>
        jsonResponse(
          {
            success: false,
            message: 'You have written 5 reviews today. Please come back tomorrow.',
          },
          429,
        ),
    });
    renderForm();
    await userEvent.click(screen.getByRole('radio', { name: '5 stars' }));
    await userEvent.type(screen.getByLabelText('Description'), 'Again');
    await userEvent.click(screen.getByRole('button', { name: 'Add Review' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/5 reviews today/);
  });
});
