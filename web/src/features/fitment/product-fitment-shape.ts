import type {
  FitCheck,
  FitmentApplication,
  ProductFitment,
  Vehicle,
} from '@proper-parts/domain/fitment';
import { FUELS, POSITIONS } from '@proper-parts/domain/fitment-rules';
import { listOf, nullable, objectOf, oneOf, type Parser } from '../../lib/plain-shape';
import { savedVehicleShape } from './vehicle-shape';

const position = oneOf(POSITIONS);

/**
 * `GET /catalog/products/{slug}/fitment` as the domain's `productFitment` has it, checked without
 * zod: the product page's fit check and vehicle list are on a public page (issue 17's budget).
 */
export const productFitmentShape: Parser<ProductFitment> = objectOf<ProductFitment>({
  hasFitment: 'boolean',
  check: nullable(
    objectOf<FitCheck>({
      vehicle: objectOf<Vehicle>({ ...savedVehicleShape, fuel: oneOf(FUELS) }),
      fits: 'boolean',
      positions: listOf<FitCheck['positions'][number]>({
        position,
        submodel: 'string',
        note: 'string',
      }),
    }),
  ),
  applications: listOf<FitmentApplication>({
    make: 'string',
    model: 'string',
    engine: 'string',
    engineCode: 'string',
    yearFrom: 'integer',
    yearTo: 'integer',
    position,
    submodel: 'string',
    note: 'string',
  }),
  nextCursor: 'string or null',
});
