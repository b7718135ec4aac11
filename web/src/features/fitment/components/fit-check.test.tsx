import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../test/auth-stubs';
import { corolla, ok } from '../../../../test/fitment-fixtures';
import { jsonResponse, renderWithProviders } from '../../../../test/test-utils';
import { visitorGarage } from '../visitor-garage';
import { FitCheck } from './fit-check';
import { VehicleFitSection } from './vehicle-fit-section';

afterEach(() => {
  vi.unstubAllGlobals();
  visitorGarage.clear();
});

const application = (overrides: Record<string, unknown> = {}) => ({
  make: 'Toyota',
  model: 'Corolla',
  engine: '1.8L L4',
  engineCode: '2ZR-FE',
  yearFrom: 2014,
  yearTo: 2019,
  position: 'front',
  submodel: '',
  note: '',
  ...overrides,
});

type Answer = {
  hasFitment: boolean;
  check: unknown;
  applications?: unknown[];
  nextCursor?: string | null;
};

/** `GET /catalog/products/{slug}/fitment`, by its query string. */
function stubFitment(answer: (query: URLSearchParams) => Answer) {
  const fetchMock = stubApi();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), window.location.origin);
    if (url.pathname === '/api/v1/catalog/products/front-pads/fitment') {
      const { applications = [], nextCursor = null, ...rest } = answer(url.searchParams);
      return ok({ applications, nextCursor, ...rest });
    }
    if (url.pathname === '/api/v1/auth/get-session') return jsonResponse(null);
    return jsonResponse({ success: false, message: 'Not found' }, 404);
  });
  return fetchMock;
}

const asked = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), window.location.origin))
    .filter((url) => url.pathname.endsWith('/fitment'))
    .map((url) => url.search);

describe('FitCheck (a product page)', () => {
  it('says in green that the part fits the current vehicle, and where it goes', async () => {
    visitorGarage.add(corolla);
    const fetchMock = stubFitment(() => ({
      hasFitment: true,
      check: {
        vehicle: corolla,
        fits: true,
        positions: [{ position: 'front', submodel: '', note: 'With sensor wire' }],
      },
    }));
    renderWithProviders(<FitCheck slug="front-pads" categorySlug="brake-pads" />);
    const check = await screen.findByTestId('fit-check');
    expect(within(check).getByText('Fits your 2015 Toyota Corolla 1.8L L4, front')).toBeVisible();
    expect(check).toHaveClass('alert-success');
    expect(check).toHaveTextContent('With sensor wire');
    expect(asked(fetchMock)).toEqual(['?vehicle=7&limit=1']);
  });

  it('says in red that it does not fit, with a way to the parts like it that do', async () => {
    visitorGarage.add(corolla);
    stubFitment(() => ({
      hasFitment: true,
      check: { vehicle: corolla, fits: false, positions: [] },
    }));
    renderWithProviders(<FitCheck slug="front-pads" categorySlug="brake-pads" />);
    const check = await screen.findByTestId('fit-check');
    expect(check).toHaveTextContent('Does not fit your 2015 Toyota Corolla 1.8L L4');
    expect(check).toHaveClass('alert-error');
    expect(
      within(check).getByRole('link', { name: 'Parts like this that fit it' }),
    ).toHaveAttribute('href', '/products?vehicle=7&category=brake-pads');
  });

  it('names every position and submodel it fits in', async () => {
    visitorGarage.add(corolla);
    stubFitment(() => ({
      hasFitment: true,
      check: {
        vehicle: corolla,
        fits: true,
        positions: [
          { position: 'front left', submodel: '', note: '' },
          { position: 'front right', submodel: 'LE', note: '' },
        ],
      },
    }));
    renderWithProviders(<FitCheck slug="front-pads" />);
    expect(await screen.findByTestId('fit-check')).toHaveTextContent(
      'Fits your 2015 Toyota Corolla 1.8L L4, front left and front right (LE only)',
    );
  });

  it('shows nothing for a part without fitment data (not a vehicle part)', async () => {
    visitorGarage.add(corolla);
    const fetchMock = stubFitment(() => ({ hasFitment: false, check: null }));
    renderWithProviders(<FitCheck slug="front-pads" />);
    await waitFor(() => expect(asked(fetchMock)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('fit-check')).not.toBeInTheDocument();
  });

  it('asks a visitor without a vehicle to choose one, for a vehicle part only', async () => {
    stubFitment(() => ({ hasFitment: true, check: null, applications: [application()] }));
    renderWithProviders(<FitCheck slug="front-pads" />);
    const check = await screen.findByTestId('fit-check');
    expect(within(check).getByRole('link', { name: 'Choose your vehicle' })).toHaveAttribute(
      'href',
      '#vehicle-fit',
    );
  });
});

describe('VehicleFitSection (a product page)', () => {
  it('lists the vehicles it fits by make and model, and shows more by cursor', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFitment((query) =>
      query.get('cursor') === 'c2'
        ? {
            hasFitment: true,
            check: null,
            applications: [application({ model: 'Matrix', yearFrom: 2009, yearTo: 2013 })],
          }
        : {
            hasFitment: true,
            check: null,
            applications: [
              application({ make: 'Scion', model: 'xB', engine: '2.4L L4', engineCode: '' }),
              application({ engine: '1.8L L4', yearFrom: 2014, yearTo: 2019 }),
              application({
                engine: '1.6L L4',
                engineCode: '1ZR-FE',
                yearFrom: 2015,
                yearTo: 2015,
                position: 'rear',
                submodel: 'L',
                note: 'Drum brakes excluded',
              }),
            ],
            nextCursor: 'c2',
          },
    );
    renderWithProviders(<VehicleFitSection slug="front-pads" />);
    const list = await screen.findByRole('list', { name: 'Vehicles this part fits' });
    const models = within(list)
      .getAllByRole('heading', { level: 4 })
      .map((heading) => heading.textContent);
    expect(models).toEqual(['Scion xB', 'Toyota Corolla']);
    const corollaLines = within(list)
      .getByRole('heading', { name: 'Toyota Corolla' })
      .closest('li') as HTMLElement;
    expect(corollaLines).toHaveTextContent('2014–2019');
    expect(corollaLines).toHaveTextContent('1.8L L4 (2ZR-FE)');
    expect(corollaLines).toHaveTextContent('2015');
    expect(corollaLines).toHaveTextContent('Rear');
    expect(corollaLines).toHaveTextContent('L only');
    expect(corollaLines).toHaveTextContent('Drum brakes excluded');
    // The selector checks another vehicle from here.
    expect(screen.getByRole('group', { name: 'Choose your vehicle' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('heading', { level: 4 })
          .map((heading) => heading.textContent),
      ).toEqual(['Scion xB', 'Toyota Corolla', 'Toyota Matrix']),
    );
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(asked(fetchMock)).toEqual(['?limit=50', '?cursor=c2&limit=50']);
  });

  it('is not there for a part without fitment data', async () => {
    const fetchMock = stubFitment(() => ({ hasFitment: false, check: null }));
    const { container } = renderWithProviders(<VehicleFitSection slug="front-pads" />);
    await waitFor(() => expect(asked(fetchMock)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container).toBeEmptyDOMElement();
  });
});
