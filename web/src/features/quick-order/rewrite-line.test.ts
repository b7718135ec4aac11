import { describe, expect, it } from 'vitest';
import { rewriteLine } from './rewrite-line';

describe('rewriteLine', () => {
  it('changes one line in its own separator and leaves the rest, line breaks included', () => {
    const text = 'sku;qty\r\nA-1;4\r\n\r\nB-2\t7\nC 3 9';
    expect(rewriteLine(text, 2, { partNumber: 'A-10' })).toBe(
      'sku;qty\r\nA-10;4\r\n\r\nB-2\t7\nC 3 9',
    );
    expect(rewriteLine(text, 4, { quantity: 10 })).toBe('sku;qty\r\nA-1;4\r\n\r\nB-2\t10\nC 3 9');
    expect(rewriteLine(text, 5, { quantity: 12 })).toBe('sku;qty\r\nA-1;4\r\n\r\nB-2\t7\n"C 3" 12');
  });

  it('keeps a line without a quantity without one, and quotes a part holding the separator', () => {
    expect(rewriteLine('ABC-1', 1, { partNumber: 'ABC-10' })).toBe('ABC-10');
    expect(rewriteLine('"A,1",5', 1, { quantity: 6 })).toBe('"A,1",6');
  });

  it('leaves the text alone for a line it does not have', () => {
    expect(rewriteLine('A 1', 3, { quantity: 2 })).toBe('A 1');
  });
});
