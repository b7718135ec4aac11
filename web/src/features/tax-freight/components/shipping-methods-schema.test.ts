import type { ShippingMethodView } from '@proper-parts/domain/shipping';
import { describe, expect, it } from 'vitest';
import {
  emptyMethod,
  gramsOf,
  type MethodForm,
  shippingMethodsForm,
  toShippingMethodsForm,
} from './shipping-methods-schema';

const ground: ShippingMethodView = {
  code: 'ground',
  name: 'Ground freight',
  kind: 'rates',
  estimate: '3-5 business days',
  freeOver: 1000,
  quoteAboveGrams: 500_000,
  zones: [
    {
      countries: ['US'],
      regions: ['TX', 'OK'],
      bands: [
        { upToGrams: 5_000, price: 12 },
        { upToGrams: 50_500, price: 45.5 },
      ],
    },
    { countries: ['CA', 'MX'], regions: [], bands: [{ upToGrams: 2_000_000, price: 310 }] },
  ],
};

/** The messages of a parse, by the form field they show under. */
const problems = (methods: MethodForm[]) => {
  const parsed = shippingMethodsForm.safeParse({ methods });
  expect(parsed.success).toBe(false);
  return Object.fromEntries(
    (parsed.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
};

describe('the shipping methods form (issue 33)', () => {
  it('shows a saved method in kg and dollars, and sends it back the same, in grams', () => {
    const form = toShippingMethodsForm([ground]);
    expect(form.methods[0]).toMatchObject({
      freeOver: '1000',
      quoteAboveKg: '500',
      zones: [
        {
          countries: 'US',
          regions: 'TX, OK',
          bands: [
            { upToKg: '5', price: '12' },
            { upToKg: '50.5', price: '45.50' },
          ],
        },
        { countries: 'CA, MX', regions: '', bands: [{ upToKg: '2000', price: '310' }] },
      ],
    });
    expect(shippingMethodsForm.parse(form)).toEqual({ methods: [ground] });
  });

  it('turns what the admin typed into the request: grams, null for empty, region codes', () => {
    const typed: MethodForm = {
      code: ' pallet ',
      name: 'Pallet freight',
      kind: 'rates',
      estimate: '',
      freeOver: '',
      quoteAboveKg: '',
      zones: [
        {
          countries: 'us',
          regions: 'Texas; New York',
          bands: [{ upToKg: '0.25', price: '9.90' }],
        },
      ],
    };
    expect(shippingMethodsForm.parse({ methods: [typed] })).toEqual({
      methods: [
        {
          code: 'pallet',
          name: 'Pallet freight',
          kind: 'rates',
          estimate: '',
          freeOver: null,
          quoteAboveGrams: null,
          zones: [
            { countries: ['US'], regions: ['TX', 'NY'], bands: [{ upToGrams: 250, price: 9.9 }] },
          ],
        },
      ],
    });
  });

  it('reads weights in kg to the gram, and says why another entry is not one', () => {
    expect(gramsOf('12.345')).toBe(12_345);
    expect(gramsOf('0.001')).toBe(1);
    expect(gramsOf('100000')).toBe(100_000_000);
    expect(gramsOf('0.0005')).toEqual({ problem: 'At most 3 decimals (whole grams)' });
    expect(gramsOf('-2')).toEqual({ problem: 'Must not be negative' });
    expect(gramsOf('12,5')).toEqual({ problem: 'Must be a weight in kg, e.g. 12.5' });
    expect(gramsOf('')).toEqual({ problem: 'Must be a weight in kg, e.g. 12.5' });
    expect(gramsOf('100000.001')).toEqual({ problem: 'At most 100,000 kg' });
  });

  it('puts each problem under the field the admin typed it in', () => {
    const bad: MethodForm = {
      ...emptyMethod(),
      code: 'Ground Freight',
      freeOver: '-1',
      quoteAboveKg: 'heavy',
      zones: [
        {
          countries: 'US, XX',
          regions: 'TX',
          bands: [
            { upToKg: '10', price: '' },
            { upToKg: '5', price: '1.234' },
          ],
        },
        { countries: '', regions: '', bands: [] },
      ],
    };
    expect(problems([bad])).toEqual({
      'methods.0.code': 'code: lowercase letters, digits and hyphens, at most 40',
      'methods.0.name': 'name: is required',
      'methods.0.freeOver': 'freeOver: must not be negative',
      'methods.0.quoteAboveKg': 'Must be a weight in kg, e.g. 12.5',
      'methods.0.zones.0.countries': 'countries: not an ISO 3166 country code (XX)',
      'methods.0.zones.0.bands.0.price': 'price: must be an amount in dollars',
      'methods.0.zones.0.bands.1.price': 'price: at most 2 decimals',
      'methods.0.zones.1.countries': 'countries: name at least one',
      'methods.0.zones.1.bands': 'bands: at least one weight band',
    });
  });

  it('names regions of a zone of many countries, bands out of order and a code used twice', () => {
    const method = (code: string): MethodForm => ({
      ...emptyMethod(),
      code,
      name: code,
      zones: [
        {
          countries: 'US CA',
          regions: 'TX',
          bands: [
            { upToKg: '10', price: '5' },
            { upToKg: '10', price: '7' },
          ],
        },
      ],
    });
    expect(problems([method('ground'), method('ground')])).toMatchObject({
      'methods.0.zones.0.regions': "regions: must be regions of the zone's one country (TX)",
      'methods.0.zones.0.bands.1.upToKg': 'bands: each band must weigh more than the one before',
    });
    const germany: MethodForm = {
      ...method('ground'),
      zones: [{ countries: 'DE', regions: '', bands: [{ upToKg: '1', price: '1' }] }],
    };
    expect(problems([germany, { ...germany, name: 'Ground again' }])).toEqual({
      'methods.1.code': 'code: ground is listed twice',
    });
  });

  it('keeps no zones, threshold or weight limit for a pickup, whatever the hidden fields hold', () => {
    const pickup: MethodForm = {
      ...emptyMethod(),
      code: 'pickup',
      name: 'Pick up at the warehouse',
      kind: 'pickup',
      estimate: 'Next day',
      freeOver: 'not shown',
      quoteAboveKg: '-3',
    };
    expect(shippingMethodsForm.parse({ methods: [pickup] }).methods).toEqual([
      {
        code: 'pickup',
        name: 'Pick up at the warehouse',
        kind: 'pickup',
        estimate: 'Next day',
        freeOver: null,
        quoteAboveGrams: null,
        zones: [],
      },
    ]);
  });
});
