import type { StructuredAddress } from '@proper-parts/domain/addresses';
import { EU_STANDARD_VAT_PERCENT } from '@proper-parts/domain/tax';
import { describe, expect, it } from 'vitest';
import { builtinTaxCalculator, type StateRate } from './builtin-tax.ts';

/**
 * Issue 33: 1,000 random carts through the built-in driver, each line's tax recomputed here
 * another way (the exact product as a quotient and remainder of whole numbers, rounded up when
 * the remainder is half the divisor or more), and no cent lost between the lines and the total.
 */

/** A small deterministic generator (mulberry32): the same carts on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `cents × percent / 100` to the cent, half up, from the percent as written ("6.25"). */
function expectedTax(cents: number, percent: string): number {
  const [whole = '0', fraction = ''] = percent.split('.');
  const scaled = BigInt(whole + fraction.padEnd(4, '0')); // percent x 10^4
  const product = BigInt(cents) * scaled; // cents x percent x 10^4
  const divisor = 1_000_000n; // 100 % x 10^4
  const quotient = product / divisor;
  const remainder = product % divisor;
  return Number(remainder * 2n >= divisor ? quotient + 1n : quotient);
}

describe('tax rounding: 1,000 random carts', () => {
  const states: Record<string, { percent: string; freightTaxable: boolean }> = {
    TX: { percent: '6.25', freightTaxable: true },
    CA: { percent: '7.25', freightTaxable: false },
    NY: { percent: '4', freightTaxable: true },
    WA: { percent: '6.5', freightTaxable: true },
    CO: { percent: '2.9', freightTaxable: false },
    TN: { percent: '7.0001', freightTaxable: true },
  };
  const lookup = async (_country: string, region: string): Promise<StateRate | undefined> => {
    const state = states[region];
    return state
      ? {
          name: region,
          ratePpm: Math.round(Number(state.percent) * 10_000),
          freightTaxable: state.freightTaxable,
        }
      : undefined;
  };
  const calculator = builtinTaxCalculator({ country: 'DE', vatNumber: 'DE811128135' }, lookup);
  const places = [
    ...Object.keys(states).map((region) => ({ country: 'US', region })),
    ...Object.keys(EU_STANDARD_VAT_PERCENT).map((country) => ({ country, region: '' })),
  ];

  it('matches the independent computation to the cent, line by line, and sums without loss', async () => {
    const next = random(33);
    let checked = 0;
    for (let cart = 0; cart < 1000; cart += 1) {
      const place = places[Math.floor(next() * places.length)] as (typeof places)[number];
      const shipTo = {
        name: 'R',
        company: '',
        line1: '1 St',
        line2: '',
        city: 'C',
        region: place.region,
        postalCode: '',
        country: place.country,
        phone: '',
      } satisfies StructuredAddress;
      const lineCount = 1 + Math.floor(next() * 20);
      const lines = Array.from({ length: lineCount }, (_, i) => ({
        ref: String(i),
        // From 1 cent to $50,000 a line, often odd amounts.
        amountCents: 1 + Math.floor(next() ** 3 * 5_000_000),
      }));
      const freightCents = Math.floor(next() * 20_000);
      const result = await calculator.calculate({
        shipTo,
        lines,
        freightCents,
        buyer: { taxId: '', exemption: null },
        today: '2026-11-28',
      });
      const percent =
        place.country === 'US'
          ? (states[place.region]?.percent ?? '0')
          : String(EU_STANDARD_VAT_PERCENT[place.country]);
      const taxesFreight = place.country === 'US' ? states[place.region]?.freightTaxable : true;
      const lineTaxes = lines.map((line) => expectedTax(line.amountCents, percent));
      expect(result.lines.map((line) => line.taxCents)).toEqual(lineTaxes);
      const freightTax = taxesFreight ? expectedTax(freightCents, percent) : 0;
      expect(result.freightTaxCents).toBe(freightTax);
      const sum = lineTaxes.reduce((a, b) => a + b, freightTax);
      expect(result.taxCents).toBe(sum);
      expect(result.taxes.reduce((a, t) => a + t.amountCents, 0)).toBe(sum);
      expect(Number.isInteger(result.taxCents)).toBe(true);
      checked += 1;
    }
    expect(checked).toBe(1000);
  });

  it('rounds half a cent up, and just below it down', async () => {
    // 8 cents at 6.25 % = 0.5 cents -> 1; 7 cents = 0.4375 -> 0; $1.00 at 0.5 % = 0.5 -> 1.
    const half = await lookup('US', 'TX');
    expect(half?.ratePpm).toBe(62_500);
    const texas = {
      name: 'R',
      company: '',
      line1: '1',
      line2: '',
      city: 'C',
      region: 'TX',
      postalCode: '',
      country: 'US',
      phone: '',
    };
    const result = await calculator.calculate({
      shipTo: texas,
      lines: [
        { ref: 'a', amountCents: 8 },
        { ref: 'b', amountCents: 7 },
        { ref: 'c', amountCents: 24 },
      ],
      freightCents: 0,
      buyer: { taxId: '', exemption: null },
      today: '2026-11-28',
    });
    // 24 x 6.25 % = 1.5 cents -> 2.
    expect(result.lines.map((line) => line.taxCents)).toEqual([1, 0, 2]);
  });
});
