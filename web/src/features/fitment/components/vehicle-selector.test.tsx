import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, setSession, stubApi } from '../../../../test/auth-stubs';
import { civic, corolla, corollaDiesel, ok } from '../../../../test/fitment-fixtures';
import { customer, signInAs } from '../../../../test/signed-in';
import { renderWithProviders } from '../../../../test/test-utils';
import { visitorGarage } from '../visitor-garage';
import { VehicleSelector } from './vehicle-selector';

afterEach(() => {
  vi.unstubAllGlobals();
  visitorGarage.clear();
  setSession(null);
});

/** The selector's four steps, answering only for the combinations that exist. */
const steps = {
  'GET /api/v1/vehicles/years': () => ok([2015, 2012]),
  'GET /api/v1/vehicles/makes': () => ok(['Honda', 'Toyota']),
  'GET /api/v1/vehicles/models': () => ok(['Camry', 'Corolla']),
  'GET /api/v1/vehicles/engines': () => ok([corollaDiesel, corolla]),
};

/** Which query strings each step was asked with. */
const asked = (fetchMock: ReturnType<typeof stubApi>, step: string) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), window.location.origin))
    .filter((url) => url.pathname === `/api/v1/vehicles/${step}`)
    .map((url) => Object.fromEntries(url.searchParams));

const optionsOf = (label: string) =>
  within(screen.getByLabelText(label))
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('VehicleSelector', () => {
  it('enables each step once the one before is chosen, listing only what the API answers', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(steps);
    const onChosen = vi.fn();
    renderWithProviders(<VehicleSelector onChosen={onChosen} />);

    expect(screen.getByRole('group', { name: 'Choose your vehicle' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Year')).toBeEnabled());
    for (const later of ['Make', 'Model', 'Engine'])
      expect(screen.getByLabelText(later)).toBeDisabled();
    expect(optionsOf('Year')).toEqual(['Choose…', '2015', '2012']);
    // Nothing is asked for a step before the one above it is chosen.
    expect(asked(fetchMock, 'makes')).toEqual([]);

    await user.selectOptions(screen.getByLabelText('Year'), '2015');
    await waitFor(() => expect(screen.getByLabelText('Make')).toBeEnabled());
    expect(asked(fetchMock, 'makes')).toEqual([{ year: '2015' }]);
    expect(optionsOf('Make')).toEqual(['Choose…', 'Honda', 'Toyota']);
    expect(screen.getByLabelText('Model')).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('Make'), 'Toyota');
    await waitFor(() => expect(screen.getByLabelText('Model')).toBeEnabled());
    expect(asked(fetchMock, 'models')).toEqual([{ year: '2015', make: 'Toyota' }]);
    expect(optionsOf('Model')).toEqual(['Choose…', 'Camry', 'Corolla']);
    expect(screen.getByLabelText('Engine')).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('Model'), 'Corolla');
    await waitFor(() => expect(screen.getByLabelText('Engine')).toBeEnabled());
    expect(asked(fetchMock, 'engines')).toEqual([
      { year: '2015', make: 'Toyota', model: 'Corolla' },
    ]);
    // One option per vehicle; the engine code tells two engines apart.
    expect(optionsOf('Engine')).toEqual(['Choose…', '1.4L L4 Diesel (1ND-TV)', '1.8L L4 (2ZR-FE)']);

    // The fourth choice chooses the vehicle: into this browser's garage, as the current one.
    await user.selectOptions(screen.getByLabelText('Engine'), '1.8L L4 (2ZR-FE)');
    await waitFor(() => expect(onChosen).toHaveBeenCalledTimes(1));
    expect(onChosen.mock.calls[0]?.[0]).toMatchObject({ id: 7, model: 'Corolla' });
    expect(visitorGarage.snapshot().currentId).toBe(7);
    expect(JSON.parse(localStorage.getItem('proper-parts-garage') ?? '{}')).toMatchObject({
      currentId: 7,
      vehicles: [{ id: 7, year: 2015, make: 'Toyota', model: 'Corolla', engine: '1.8L L4' }],
    });
    // A visitor's choice asks nothing of the server's garage.
    expect(callsTo(fetchMock, 'POST /api/v1/garage')).toEqual([]);
  });

  it('starts the later steps again when an earlier one changes', async () => {
    const user = userEvent.setup();
    stubApi(steps);
    renderWithProviders(<VehicleSelector />);
    await waitFor(() => expect(screen.getByLabelText('Year')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Year'), '2015');
    await waitFor(() => expect(screen.getByLabelText('Make')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Make'), 'Toyota');
    await waitFor(() => expect(screen.getByLabelText('Model')).toBeEnabled());

    await user.selectOptions(screen.getByLabelText('Year'), '2012');
    expect(screen.getByLabelText('Make')).toHaveValue('');
    expect(screen.getByLabelText('Model')).toBeDisabled();
    expect(screen.getByLabelText('Engine')).toBeDisabled();
  });

  it("puts a signed-in user's choice in their garage on the server, as the current vehicle", async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      ...signInAs(customer),
      ...steps,
      'GET /api/v1/garage': () => ok({ vehicles: [] }),
      'POST /api/v1/garage': () => ok({ vehicles: [{ ...corolla, current: true }] }),
    });
    renderWithProviders(<VehicleSelector />);
    await waitFor(() => expect(screen.getByLabelText('Year')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Year'), '2015');
    await waitFor(() => expect(screen.getByLabelText('Make')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Make'), 'Toyota');
    await waitFor(() => expect(screen.getByLabelText('Model')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Model'), 'Corolla');
    await waitFor(() => expect(screen.getByLabelText('Engine')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Engine'), '1.8L L4 (2ZR-FE)');

    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/v1/garage')).toEqual([{ vehicleId: 7, current: true }]),
    );
    expect(visitorGarage.snapshot().vehicles).toEqual([]);
  });

  it('says so when the garage is full, and keeps the vehicles it has', async () => {
    const user = userEvent.setup();
    stubApi({ ...steps, 'GET /api/v1/vehicles/engines': () => ok([civic]) });
    for (let id = 100; id < 120; id++) visitorGarage.add({ ...civic, id });
    renderWithProviders(<VehicleSelector />);
    await waitFor(() => expect(screen.getByLabelText('Year')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Year'), '2012');
    await waitFor(() => expect(screen.getByLabelText('Make')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Make'), 'Honda');
    await waitFor(() => expect(screen.getByLabelText('Model')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Model'), 'Camry');
    await waitFor(() => expect(screen.getByLabelText('Engine')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Engine'), '1.8L L4');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A garage holds at most 20 vehicles; remove one first',
    );
    expect(visitorGarage.snapshot().vehicles).toHaveLength(20);
    expect(visitorGarage.snapshot().currentId).toBe(119);
  });
});
