import type { CoreDepositLine } from '@proper-parts/domain/core-deposits';
import { describe, expect, it } from 'vitest';
import { depositStatusOf } from './core-deposit-lines';

const deposit = (overrides: Partial<CoreDepositLine> = {}): CoreDepositLine => ({
  unitDeposit: 45.5,
  total: 136.5,
  tax: 8.53,
  returnDays: 30,
  returnBy: '2999-01-31',
  returnedInTime: 0,
  returnedLate: 0,
  ...overrides,
});

/** Issue 37: what an order's deposit line says, plainly. */
describe('depositStatusOf', () => {
  it('before shipment: the window from shipment', () => {
    expect(depositStatusOf(deposit({ returnBy: null }), 3)).toEqual([
      'Refunded when the old unit comes back within 30 days of shipment',
    ]);
  });

  it('within the window: the day to return by, and the cores already back', () => {
    expect(depositStatusOf(deposit({ returnedInTime: 1 }), 3)).toEqual([
      '1 core returned in time: deposit given back',
      'Refunded when the old unit comes back by Jan 31, 2999',
    ]);
  });

  it('after the window: the deposit kept, for late cores and cores never returned', () => {
    expect(
      depositStatusOf(deposit({ returnBy: '2020-01-31', returnedInTime: 1, returnedLate: 1 }), 3),
    ).toEqual([
      '1 core returned in time: deposit given back',
      '1 core: Deposit kept: the core came back after the 30-day core return window',
      'Deposit kept: the core was not returned by Jan 31, 2020',
    ]);
  });

  it('every core back in time: nothing left open', () => {
    expect(depositStatusOf(deposit({ returnedInTime: 3 }), 3)).toEqual([
      '3 cores returned in time: deposit given back',
    ]);
  });
});
