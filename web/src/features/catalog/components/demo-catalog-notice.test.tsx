import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../test/auth-stubs';
import { jsonResponse, renderWithProviders } from '../../../../test/test-utils';
import { DemoCatalogNotice } from './demo-catalog-notice';

afterEach(() => vi.unstubAllGlobals());

const progress = (data: { loaded: number; total: number } | null) => () =>
  jsonResponse({ success: true, data });

describe('DemoCatalogNotice', () => {
  it('says how many of the demo catalog’s parts have loaded', async () => {
    stubApi({ 'GET /api/v1/catalog/demo-progress': progress({ loaded: 1500, total: 10000 }) });
    renderWithProviders(<DemoCatalogNotice />);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The demo catalog is still loading: 1,500 of 10,000 parts so far.',
    );
  });

  it('says nothing once all are in', async () => {
    const fetchMock = stubApi({ 'GET /api/v1/catalog/demo-progress': progress(null) });
    renderWithProviders(<DemoCatalogNotice />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('status')).toBeNull();
  });
});
