import { describe, expect, it } from 'vitest';
import { catalogCsvLine, formatPriceBreaks, parsePriceBreaks } from './catalog-csv.ts';
import { priceBreaksProblem, sameBreaks } from './price-breaks.ts';
import { updateProductRequest } from './product-edit.ts';

const tiers = (...list: [number, number][]) =>
  list.map(([minQuantity, price]) => ({ minQuantity, price }));

describe('price breaks in a CSV cell', () => {
  it('reads quantity=price pairs, spaces and a trailing semicolon allowed, and writes them back', () => {
    expect(parsePriceBreaks('10=9.50; 50=8.75')).toEqual(tiers([10, 9.5], [50, 8.75]));
    expect(parsePriceBreaks(' 10 = 9.5 ;50=8.75; ')).toEqual(tiers([10, 9.5], [50, 8.75]));
    expect(parsePriceBreaks('')).toEqual([]);
    expect(formatPriceBreaks(tiers([10, 9.5], [50, 8.75]))).toBe('10=9.50; 50=8.75');
    expect(parsePriceBreaks(formatPriceBreaks(tiers([2, 0], [3000, 0.07])))).toEqual(
      tiers([2, 0], [3000, 0.07]),
    );
  });

  it('names the break that is wrong', () => {
    const cases: [string, string][] = [
      ['10:9.50', 'priceBreaks: "10:9.50" is not quantity=price, like 10=9.50; 50=8.75'],
      ['ten=9', 'priceBreaks: "ten=9" is not quantity=price, like 10=9.50; 50=8.75'],
      ['10=-1', 'priceBreaks: "10=-1" is not quantity=price, like 10=9.50; 50=8.75'],
      ['10=9; 1=9.5', 'priceBreaks: "1=9.5": From quantity must be at least 2'],
      [
        '10=9.505',
        'priceBreaks: "10=9.505": Unit price must be in whole cents (at most two decimals)',
      ],
      [
        Array.from({ length: 11 }, (_, i) => `${i + 2}=1`).join(';'),
        'priceBreaks: At most 10 price breaks',
      ],
    ];
    for (const [cell, message] of cases)
      expect(() => parsePriceBreaks(cell), cell).toThrow(message);
  });

  it('an empty cell clears the breaks; a column left out keeps them', () => {
    const line = { sku: 'X-1', name: 'Part' };
    expect(catalogCsvLine.parse({ ...line, priceBreaks: '' }).priceBreaks).toEqual([]);
    expect(catalogCsvLine.parse(line).priceBreaks).toBeUndefined();
    expect(catalogCsvLine.parse({ ...line, packSize: '' }).packSize).toBeUndefined();
    expect(catalogCsvLine.parse({ ...line, packSize: '25' }).packSize).toBe(25);
    expect(
      catalogCsvLine.safeParse({ ...line, packSize: '100001' }).error?.issues[0]?.message,
    ).toBe('packSize: at most 100000');
  });
});

describe('how breaks go together', () => {
  it('rising quantities, falling prices, all below the base price', () => {
    expect(priceBreaksProblem(tiers([10, 9.5], [50, 8.75]), 10)).toBeUndefined();
    expect(priceBreaksProblem([], 10)).toBeUndefined();
    expect(priceBreaksProblem(tiers([10, 9.5], [10, 9]), 10)).toEqual({
      index: 1,
      message: 'From quantity must be more than 10, the break above',
    });
    expect(priceBreaksProblem(tiers([10, 9.5], [50, 9.5]), 10)).toEqual({
      index: 1,
      message: 'Unit price must be below $9.50, the price from 10',
    });
    expect(priceBreaksProblem(tiers([10, 10]), 10)).toEqual({
      index: 0,
      message: 'Unit price must be below the base price, $10.00',
    });
    // Cents, not floating point: 0.1 + 0.2 is 30 cents.
    expect(sameBreaks(tiers([10, 0.1 + 0.2]), tiers([10, 0.3]))).toBe(true);
  });

  it('the edit checks breaks against a price sent with them', () => {
    const refused = updateProductRequest.safeParse({ price: 8, priceBreaks: tiers([10, 8]) });
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['priceBreaks', 0, 'price'],
      message: 'Unit price must be below the base price, $8.00',
    });
    expect(updateProductRequest.safeParse({ priceBreaks: tiers([10, 8]) }).success).toBe(true);
  });
});
