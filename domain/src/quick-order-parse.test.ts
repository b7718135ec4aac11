import { describe, expect, it } from 'vitest';
import { quickOrderRequest } from './quick-order.ts';
import {
  MAX_QUICK_ORDER_LINE_LENGTH,
  MAX_QUICK_ORDER_LINES,
  MAX_QUICK_ORDER_TEXT_BYTES,
  quickOrderMessages as m,
} from './quick-order-messages.ts';
import { type ParsedLine, parseQuickOrder } from './quick-order-parse.ts';

/** Part number and quantity of each read line (line numbers and input checked apart). */
const read = (text: string) =>
  parseQuickOrder(text).map((l) =>
    l.problem ? { problem: l.problem } : [l.partNumber, l.quantity],
  );
const one = (text: string): ParsedLine => {
  const [line, ...rest] = parseQuickOrder(text);
  expect(rest).toEqual([]);
  if (!line) throw new Error(`no line in ${JSON.stringify(text)}`);
  return line;
};

describe('parseQuickOrder: line shapes', () => {
  it.each([
    ['ABC-1 5', 'space'],
    ['ABC-1    5', 'spaces'],
    ['ABC-1,5', 'comma'],
    ['ABC-1;5', 'semicolon'],
    ['ABC-1\t5', 'tab (Excel)'],
    ['ABC-1 , 5', 'comma with spaces'],
    ['  ABC-1\t\t5  ', 'padded, empty column between'],
    ['"ABC-1","5"', 'quoted cells'],
    ['"ABC-1";"5"', 'quoted, semicolon'],
    ['ABC-1,5,,', 'trailing empty cells'],
  ])('%j (%s) is ABC-1 × 5', (text) => {
    expect(read(text)).toEqual([['ABC-1', 5]]);
  });

  it('keeps spaces inside a part number: only a last word that is a number is the quantity', () => {
    expect(read('BRG-6204 2RS 10\nBRG-6204 2RS\nBRG-6204 2RS\t3')).toEqual([
      ['BRG-6204 2RS', 10],
      ['BRG-6204 2RS', null],
      ['BRG-6204 2RS', 3],
    ]);
  });

  it('keeps the part before a last word that is no number, in case the whole names no part', () => {
    expect(
      parseQuickOrder('brg6204 abc\nBRG-6204 2RS\nABC-1\nBRG-6204 2RS 10\nBRG-1, abc'),
    ).toEqual([
      expect.objectContaining({
        partNumber: 'brg6204 abc',
        quantity: null,
        withoutLastWord: 'brg6204',
      }),
      expect.objectContaining({ partNumber: 'BRG-6204 2RS', withoutLastWord: 'BRG-6204' }),
      expect.not.objectContaining({ withoutLastWord: expect.anything() }),
      expect.not.objectContaining({ withoutLastWord: expect.anything() }),
      expect.objectContaining({ partNumber: null, problem: m.quantityNotNumber }),
    ]);
  });

  it('reads a missing quantity as null (the product minimum), with or without a separator', () => {
    expect(read('ABC-1\nABC-2,\nABC-3;\n"ABC-4"\nABC-5\t')).toEqual([
      ['ABC-1', null],
      ['ABC-2', null],
      ['ABC-3', null],
      ['ABC-4', null],
      ['ABC-5', null],
    ]);
  });

  it('honours CSV quotes: separators and doubled quotes inside a cell', () => {
    expect(read('"AB,1",2\n"AB;1";3\n"AB ""X""",4\n"AB;1",5')).toEqual([
      ['AB,1', 2],
      ['AB;1', 3],
      ['AB "X"', 4],
      ['AB;1', 5],
    ]);
    expect(one('"ABC-1,5').problem).toBe(m.unclosedQuote);
    expect(one('"ABC-1 5').problem).toBe(m.unclosedQuote);
    // A quote inside a cell is a character, as in CSV.
    expect(read('AB"C,5')).toEqual([['AB"C', 5]]);
    expect(read('ABC,,5\nABC\t\t\t5')).toEqual([
      ['ABC', 5],
      ['ABC', 5],
    ]);
  });

  it('reads 1,000 as a thousand where the comma is not the separator, and refuses it where it is', () => {
    expect(read('A\t1,000\nB;1,000\nC 12,345,678\n"D","1,000"\nE 1,000')).toEqual([
      ['A', 1000],
      ['B', 1000],
      { problem: m.quantityMax },
      ['D', 1000],
      ['E', 1000],
    ]);
    expect(one('ABC,1,000').problem).toBe(m.ambiguousQuantity('1,000'));
    expect(one('ABC,1,000').problem).toContain('1000');
    expect(one('ABC,1,2').problem).toBe(m.tooManyValues(3));
  });

  it('refuses quantities that are not whole numbers from 1 to the order maximum', () => {
    const problem = (q: string) => one(`ABC-1\t${q}`).problem;
    expect(problem('0')).toBe(m.quantityMin);
    expect(problem('-3')).toBe(m.quantityMin);
    expect(problem('1.5')).toBe(m.quantityWhole);
    expect(problem('1.000')).toBe(m.quantityWhole);
    expect(problem('2,5')).toBe(m.quantityWhole);
    expect(problem('1000001')).toBe(m.quantityMax);
    expect(problem(`1${'0'.repeat(150)}`)).toBe(m.quantityMax);
    expect(problem('five')).toBe(m.quantityNotNumber);
    expect(problem('5x')).toBe(m.quantityNotNumber);
    expect(problem('1e3')).toBe(m.quantityNotNumber);
    expect(problem('1000000')).toBeNull();
    expect(one('ABC-1 -3').problem).toBe(m.quantityMin);
    expect(one('ABC-1 1.5').problem).toBe(m.quantityWhole);
  });

  it('refuses a line without a part number, or with a part number too long', () => {
    expect(one(',5').problem).toBe(m.partMissing);
    expect(one('"",5').problem).toBe(m.partMissing);
    expect(one('---;5').problem).toBe(m.notAPartNumber);
    expect(one(`${'A'.repeat(61)};5`).problem).toBe(m.partTooLong);
    expect(one(`${'A'.repeat(60)};5`).partNumber).toBe('A'.repeat(60));
  });
});

describe('parseQuickOrder: the text around the lines', () => {
  it('drops a BOM and reads LF, CRLF and CR line ends, counting lines as the buyer sees them', () => {
    const lines = parseQuickOrder('\uFEFFA-1,1\r\nA-2,2\rA-3,3\nA-4,4\r\n');
    expect(lines.map((l) => [l.line, l.partNumber, l.quantity])).toEqual([
      [1, 'A-1', 1],
      [2, 'A-2', 2],
      [3, 'A-3', 3],
      [4, 'A-4', 4],
    ]);
    // A BOM before a header: the header is still seen as one.
    expect(read('\uFEFFsku;qty\r\nA-1;1')).toEqual([['A-1', 1]]);
  });

  it('skips blank lines and rows of nothing but separators, keeping the line numbers', () => {
    const lines = parseQuickOrder('\n\n  A-1 1\n\t\n;;\n,,,\n"",""\n   \nA-2 2\n\n');
    expect(lines.map((l) => [l.line, l.partNumber])).toEqual([
      [3, 'A-1'],
      [9, 'A-2'],
    ]);
  });

  it.each([
    'sku,qty',
    'SKU;Quantity',
    'Part Number\tQty',
    'Part #,Qty',
    '"Item No.";"Quantity"',
    'part number quantity',
    'MPN',
  ])('skips the header %j on the first line only', (header) => {
    expect(read(`${header}\nA-1,1\n${header}`).length).toBe(2);
    expect(parseQuickOrder(`${header}\nA-1,1`)[0]?.line).toBe(2);
  });

  it('does not take a first line with a number for a header', () => {
    expect(read('SKU 5\nA-1 1')).toEqual([
      ['SKU', 5],
      ['A-1', 1],
    ]);
  });

  it('echoes each line trimmed, its control characters shown, long lines cut', () => {
    expect(one('   ABC-1 ; 5  ').input).toBe('ABC-1 ; 5');
    expect(one('AB\u0000C 5').input).toBe('AB\uFFFDC 5');
    const long = one(`${'x'.repeat(150)} 5`);
    expect(long.input).toBe(`${'x'.repeat(80)}…`);
    // A cut never splits an emoji in two.
    expect(one(`${'x'.repeat(79)}🔩 5`).input).toBe(`${'x'.repeat(79)}…`);
  });

  it('refuses a line over the length limit as invalid, and reads the lines around it', () => {
    const lines = parseQuickOrder(`A-1 1\n${'B'.repeat(MAX_QUICK_ORDER_LINE_LENGTH + 1)}\nA-2 2`);
    expect(lines.map((l) => [l.line, l.problem])).toEqual([
      [1, null],
      [2, m.lineTooLong],
      [3, null],
    ]);
  });

  it('reads a single 10 MB line promptly, as one invalid line', () => {
    const started = performance.now();
    const lines = parseQuickOrder(`A-1 1\n${'9,'.repeat(5 * 1024 * 1024)}\nA-2 2`);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(lines.map((l) => l.problem)).toEqual([null, m.lineTooLong, null]);
    expect(lines[1]?.input.length).toBe(81);
    // Refused whole by the request schema, before any parse.
    const request = quickOrderRequest.safeParse({ text: 'x'.repeat(10 * 1024 * 1024) });
    expect(request.error?.issues[0]?.message).toBe(m.tooLarge);
  });

  it('reads 10,000 lines fast, and refuses the 10,001st', () => {
    const text = Array.from({ length: MAX_QUICK_ORDER_LINES }, (_, i) => `P-${i},${i + 1}`).join(
      '\r\n',
    );
    const started = performance.now();
    const lines = parseQuickOrder(`sku,qty\r\n${text}\r\n\r\n`);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(lines).toHaveLength(MAX_QUICK_ORDER_LINES);
    expect(lines.at(-1)).toMatchObject({ line: 10_001, partNumber: 'P-9999', quantity: 10_000 });
    expect(quickOrderRequest.safeParse({ text }).success).toBe(true);

    const tooMany = `${text}\nP-extra,1`;
    expect(() => parseQuickOrder(tooMany)).toThrow(m.tooManyLines);
    expect(quickOrderRequest.safeParse({ text: tooMany }).error?.issues[0]?.message).toBe(
      m.tooManyLines,
    );
  });

  it('counts the text limit in UTF-8 bytes', () => {
    const emoji = '🔩'.repeat(MAX_QUICK_ORDER_TEXT_BYTES / 4);
    expect(quickOrderRequest.safeParse({ text: emoji }).success).toBe(true);
    expect(quickOrderRequest.safeParse({ text: `${emoji}é` }).error?.issues[0]?.message).toBe(
      m.tooLarge,
    );
    expect(quickOrderRequest.parse({ text: 'A-1 1' })).toEqual({ text: 'A-1 1', add: false });
    expect(quickOrderRequest.safeParse({ text: 5 }).success).toBe(false);
  });
});

describe('parseQuickOrder: junk', () => {
  it('never throws on junk, and finds no part number in it', () => {
    const junk = [
      '\u0000\u0001\u0002\u0003',
      '\u0000ABC 5',
      '💩💩💩 5',
      '🔩',
      '\uD800 5',
      '\uDFFF\uD800',
      '""""""',
      '"',
      ';;;"',
      '\u202E\u200B\u00A0',
      '<script>alert(1)</script>',
      "'; drop table products; --",
      '%00%ff',
    ];
    for (const text of junk) {
      const lines = parseQuickOrder(text);
      for (const line of lines) {
        expect(/\p{Cc}/u.test(line.partNumber ?? ''), text).toBe(false);
      }
    }
    expect(one('\u0000ABC 5').problem).toBe(m.notAPartNumber);
    expect(one('💩💩💩 5').problem).toBe(m.notAPartNumber);
    expect(one('"ABC').problem).toBe(m.unclosedQuote);
    expect(parseQuickOrder('"\n""\n;"')).toEqual([]);
  });

  it('survives random bytes decoded as text', () => {
    let seed = 18;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const bytes = Uint8Array.from({ length: 200_000 }, () => Math.floor(random() * 256));
    const text = new TextDecoder().decode(bytes);
    const started = performance.now();
    const lines = parseQuickOrder(text);
    expect(performance.now() - started).toBeLessThan(1000);
    for (const line of lines) {
      expect(line.line).toBeGreaterThan(0);
      expect(line.input.length).toBeLessThanOrEqual(81);
      expect(line.partNumber === null).toBe(line.problem !== null);
    }
  });
});
