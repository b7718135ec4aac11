import { describe, expect, it } from 'vitest';
import { LineFingerprints } from './line-fingerprints.ts';

describe('LineFingerprints (an import’s repeated keys)', () => {
  it('answers the first line of a key seen before, and nothing for a new one', () => {
    const seen = new LineFingerprints();
    expect(seen.firstOf('brg-6204\nmain', 2)).toBeUndefined();
    expect(seen.firstOf('brg-6204\nleeds', 3)).toBeUndefined();
    expect(seen.firstOf('brg-6204\nmain', 7)).toBe(2);
    // The repeat is not noted: a third line still names the first.
    expect(seen.firstOf('brg-6204\nmain', 9)).toBe(2);
    expect(seen.firstOf('brg-6204\nleeds', 10)).toBe(3);
  });

  it('keeps every key exactly through its growth, as a Map would', () => {
    const seen = new LineFingerprints();
    const map = new Map<string, number>();
    const answers: [number | undefined, number | undefined][] = [];
    // 200,000 lines of 100,000 keys, each key twice, in an order that mixes them.
    for (let line = 1; line <= 200_000; line++) {
      const key = `stk-${(line * 7919) % 100_000}\ndepot ${line % 3}`;
      const first = map.get(key);
      if (first === undefined) map.set(key, line);
      const answer = seen.firstOf(key, line);
      if (answer !== first) answers.push([answer, first]);
    }
    expect(answers).toEqual([]);
    expect(map.size).toBeGreaterThan(50_000);
  });

  it('tells keys apart that differ by one character or by case', () => {
    const seen = new LineFingerprints();
    expect(seen.firstOf('ABC-1', 1)).toBeUndefined();
    expect(seen.firstOf('abc-1', 2)).toBeUndefined();
    expect(seen.firstOf('ABC-2', 3)).toBeUndefined();
    expect(seen.firstOf('', 4)).toBeUndefined();
    expect(seen.firstOf('', 5)).toBe(4);
  });
});
