import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, setSession, stubApi } from '../../../../test/auth-stubs';
import { civic, corolla, ok } from '../../../../test/fitment-fixtures';
import { customer, signInAs } from '../../../../test/signed-in';
import { renderWithProviders } from '../../../../test/test-utils';
import { visitorGarage } from '../visitor-garage';
import { CurrentVehicleLink } from './current-vehicle-link';

afterEach(() => {
  vi.unstubAllGlobals();
  visitorGarage.clear();
  setSession(null);
});

describe('CurrentVehicleLink (the navbar)', () => {
  it("names a visitor's current vehicle and links to My garage; nothing without one", async () => {
    stubApi();
    const { unmount } = renderWithProviders(<CurrentVehicleLink />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    unmount();

    visitorGarage.add(corolla);
    renderWithProviders(<CurrentVehicleLink />);
    const link = await screen.findByRole('link', {
      name: 'My garage: 2015 Toyota Corolla 1.8L L4',
    });
    expect(link).toHaveAttribute('href', '/garage');
    expect(link).toHaveTextContent('2015 Toyota Corolla');
  });

  it("merges a visitor's garage into the account's on sign-in, then forgets it", async () => {
    visitorGarage.add(civic, false);
    visitorGarage.add(corolla);
    const fetchMock = stubApi({
      ...signInAs(customer),
      'GET /api/v1/garage': () => ok({ vehicles: [] }),
      'POST /api/v1/garage/merge': () =>
        ok({
          vehicles: [
            { ...corolla, current: true },
            { ...civic, current: false },
          ],
        }),
    });
    renderWithProviders(<CurrentVehicleLink />);

    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/v1/garage/merge')).toEqual([
        { vehicleIds: [corolla.id, civic.id], currentId: corolla.id },
      ]),
    );
    expect(
      await screen.findByRole('link', { name: 'My garage: 2015 Toyota Corolla 1.8L L4' }),
    ).toBeInTheDocument();
    expect(localStorage.getItem('proper-parts-garage')).toBeNull();
  });

  it("shows a signed-in user's current vehicle from the server, and merges nothing when the browser has none", async () => {
    const fetchMock = stubApi({
      ...signInAs(customer),
      'GET /api/v1/garage': () =>
        ok({
          vehicles: [
            { ...corolla, current: false },
            { ...civic, current: true },
          ],
        }),
    });
    renderWithProviders(<CurrentVehicleLink />);
    expect(
      await screen.findByRole('link', { name: 'My garage: 2012 Honda Civic 1.8L L4' }),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/v1/garage/merge')).toEqual([]);
  });

  it('keeps the garage in the browser when the merge fails, to try again', async () => {
    visitorGarage.add(corolla);
    const fetchMock = stubApi({
      ...signInAs(customer),
      'GET /api/v1/garage': () => ok({ vehicles: [] }),
      'POST /api/v1/garage/merge': () => new Response('{}', { status: 503 }),
    });
    renderWithProviders(<CurrentVehicleLink />);
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/v1/garage/merge')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(visitorGarage.snapshot().currentId).toBe(corolla.id);
  });
});
