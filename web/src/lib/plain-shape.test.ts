import { tool } from '@proper-parts/domain/catalog';
import { garageVehicle, vehicleMakes, vehicleYears } from '@proper-parts/domain/fitment';
import { review } from '@proper-parts/domain/reviews';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { odd } from '../../test/shape-agreement';
import { toolList } from '../features/catalog/api/get-tools';
import { garageEntryList } from '../features/fitment/api/get-garage';
import { reviewList } from '../features/reviews/api/get-reviews';
import { type Parser, valuesOf } from './plain-shape';

const sampleTool = {
  _id: 'a1b2',
  name: 'Torque Wrench',
  img: '/images/products/torque-wrench.svg',
  description: 'A wrench.',
  minimumOrderQuantity: 10,
  availableQuantity: 250,
  price: 12.5,
  slug: 'torque-wrench',
};
const sampleGarageVehicle = {
  id: 7,
  year: 2015,
  make: 'Toyota',
  model: 'Corolla',
  engine: '1.8L L4',
  engineCode: '2ZR-FE',
  current: true,
};
const sampleReview = {
  _id: 'r1',
  rating: 5,
  description: 'Good parts.',
  userName: 'Bea Buyer',
  photoUrl: null,
  createdAt: '2026-01-02T03:04:05.000Z',
};

function variants(sample: Record<string, unknown>): unknown[] {
  const out: unknown[] = [sample, { ...sample, extra: 'dropped' }, null, 'text', [], [sample]];
  for (const field of Object.keys(sample)) {
    const { [field]: _dropped, ...without } = sample;
    out.push(without);
    for (const value of odd) out.push({ ...sample, [field]: value });
  }
  return out;
}

/** The plain-shape list must accept exactly what the domain's zod schema accepts, and give the same data. */
function agrees<T>(plain: Parser<T[]>, schema: z.ZodType, sample: Record<string, unknown>) {
  const cases = variants(sample);
  let accepted = 0;
  for (const item of cases) {
    const fromZod = z.array(schema).safeParse([item]);
    const fromPlain = plain.safeParse([item]);
    expect({ item, success: fromPlain.success }).toEqual({ item, success: fromZod.success });
    if (fromZod.success && fromPlain.success) {
      expect(fromPlain.data).toEqual(fromZod.data);
      accepted += 1;
    }
  }
  // Not only refusals: the sample, with and without an extra field, and the borderline values.
  expect(accepted).toBeGreaterThanOrEqual(2);
  expect(plain.safeParse('not a list').success).toBe(false);
  const [first = ''] = Object.keys(sample);
  expect(plain.safeParse([sample, { ...sample, [first]: {} }]).success).toBe(false);
}

describe('plain-shape lists (the home page checks its data without zod)', () => {
  it("the tools list accepts and refuses what the domain's tool schema does", () => {
    agrees(toolList, tool, sampleTool);
  });

  it("the reviews list accepts and refuses what the domain's review schema does", () => {
    agrees(reviewList, review, sampleReview);
    expect(reviewList.safeParse([{ ...sampleReview, photoUrl: '/a.png' }])).toEqual({
      success: true,
      data: [{ ...sampleReview, photoUrl: '/a.png' }],
    });
  });

  it("the garage's vehicles (the navbar's) agree with the domain's, less the fuel the web does not show", () => {
    agrees(garageEntryList, garageVehicle.omit({ fuel: true }), sampleGarageVehicle);
  });

  it("the selector's years and names agree with the domain's", () => {
    for (const value of [[2015, 2014], [], [2015, '2014'], [1.5], 'x', null, [null]])
      expect(valuesOf('integer').safeParse(value).success).toBe(
        vehicleYears.safeParse(value).success,
      );
    for (const value of [['Toyota'], [], ['Toyota', 3], 'Toyota', [null]])
      expect(valuesOf('string').safeParse(value).success).toBe(
        vehicleMakes.safeParse(value).success,
      );
  });
});
