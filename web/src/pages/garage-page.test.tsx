import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, setSession, stubApi } from '../../test/auth-stubs';
import { civic, corolla, ok } from '../../test/fitment-fixtures';
import { customer, signInAs } from '../../test/signed-in';
import { renderWithProviders } from '../../test/test-utils';
import { visitorGarage } from '../features/fitment/visitor-garage';
import { GaragePage } from './garage-page';

afterEach(() => {
  vi.unstubAllGlobals();
  visitorGarage.clear();
  setSession(null);
});

const vehicles = () =>
  within(screen.getByRole('list', { name: 'My vehicles' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('GaragePage', () => {
  it("lists a visitor's vehicles, switches the current one and removes one, in the browser", async () => {
    const user = userEvent.setup();
    stubApi({ 'GET /api/v1/vehicles/years': () => ok([2015]) });
    visitorGarage.add(civic);
    visitorGarage.add(corolla);
    renderWithProviders(<GaragePage />, { route: '/garage' });

    await screen.findByRole('list', { name: 'My vehicles' });
    expect(screen.getByText('Kept in this browser.', { exact: false })).toBeInTheDocument();
    expect(vehicles()).toEqual([
      expect.stringContaining('2015 Toyota Corolla 1.8L L4'),
      expect.stringContaining('2012 Honda Civic 1.8L L4'),
    ]);
    expect(vehicles()[0]).toContain('Current vehicle');
    expect(screen.getByRole('link', { name: 'Shop parts that fit' })).toHaveAttribute(
      'href',
      '/products?vehicle=7',
    );

    await user.click(
      screen.getByRole('button', { name: 'Use this one: 2012 Honda Civic 1.8L L4' }),
    );
    expect(visitorGarage.snapshot().currentId).toBe(civic.id);
    expect(vehicles()[1]).toContain('Current vehicle');

    await user.click(screen.getByRole('button', { name: 'Remove 2012 Honda Civic 1.8L L4' }));
    expect(vehicles()).toEqual([expect.stringContaining('2015 Toyota Corolla')]);
    expect(visitorGarage.snapshot()).toMatchObject({ currentId: null });
    // The selector adds another.
    expect(screen.getByRole('group', { name: 'Add a vehicle' })).toBeInTheDocument();
  });

  it("changes a signed-in user's garage on the server", async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      ...signInAs(customer),
      'GET /api/v1/garage': () =>
        ok({
          vehicles: [
            { ...corolla, current: true },
            { ...civic, current: false },
          ],
        }),
      'PUT /api/v1/garage/current': () =>
        ok({
          vehicles: [
            { ...corolla, current: false },
            { ...civic, current: true },
          ],
        }),
      'DELETE /api/v1/garage/7': () => ok({ vehicles: [{ ...civic, current: true }] }),
    });
    renderWithProviders(<GaragePage />, { route: '/garage' });
    await screen.findByRole('list', { name: 'My vehicles' });
    expect(screen.queryByText('Kept in this browser.', { exact: false })).not.toBeInTheDocument();

    await user.click(
      screen.getByRole('button', { name: 'Use this one: 2012 Honda Civic 1.8L L4' }),
    );
    await waitFor(() => expect(vehicles()[1]).toContain('Current vehicle'));
    expect(callsTo(fetchMock, 'PUT /api/v1/garage/current')).toEqual([{ vehicleId: civic.id }]);

    await user.click(screen.getByRole('button', { name: 'Remove 2015 Toyota Corolla 1.8L L4' }));
    await waitFor(() => expect(vehicles()).toHaveLength(1));
    expect(callsTo(fetchMock, 'DELETE /api/v1/garage/7')).toHaveLength(1);
  });
});
