import { jsonResponse } from './test-utils';

/** A vehicle as `GET /vehicles/engines` answers it. */
export const corolla = {
  id: 7,
  year: 2015,
  make: 'Toyota',
  model: 'Corolla',
  engine: '1.8L L4',
  engineCode: '2ZR-FE',
  fuel: 'gas',
};
export const corollaDiesel = {
  ...corolla,
  id: 8,
  engine: '1.4L L4 Diesel',
  engineCode: '1ND-TV',
  fuel: 'diesel',
};
export const civic = {
  id: 21,
  year: 2012,
  make: 'Honda',
  model: 'Civic',
  engine: '1.8L L4',
  engineCode: '',
  fuel: 'gas',
};

export const ok = (data: unknown, extra: Record<string, unknown> = {}) =>
  jsonResponse({ success: true, data, ...extra });
