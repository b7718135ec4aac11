import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession, stubApi } from '../../../test/auth-stubs';
import { admin, customer, signInAs } from '../../../test/signed-in';
import { renderWithProviders } from '../../../test/test-utils';
import { AddReviewPage } from './add-review-page';

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

describe('AddReviewPage', () => {
  it('gives a customer the review form', async () => {
    stubApi(signInAs(customer));
    renderWithProviders(<AddReviewPage />);
    expect(screen.getByRole('heading', { name: 'Give a Review' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Add Review' })).toBeInTheDocument();
  });

  it('tells an admin plainly that admins cannot write reviews, with no form', async () => {
    stubApi(signInAs(admin));
    renderWithProviders(<AddReviewPage />);
    expect(await screen.findByRole('note')).toHaveTextContent(/admins .* cannot write one/);
    expect(screen.queryByRole('button', { name: 'Add Review' })).not.toBeInTheDocument();
  });
});
