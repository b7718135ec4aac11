import { formatCount, formatPieces, formatPrice } from '@proper-parts/domain/format';
import { describe, expect, it } from 'vitest';
import { formatDate, formatLongDate } from './format';

// The formats are written out (no Intl in the browser's first render, issue 17): they must read
// exactly as Intl's en-US formatters do.
const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  trailingZeroDisplay: 'stripIfInteger',
});
const count = new Intl.NumberFormat('en-US');

const values = [
  0, -0, 1, 3, 12.5, 12.345, 12.355, 0.005, 0.015, 1.005, 999.995, 1000, 1234.5678, 45000,
  999_999.999, 1_000_000, 12_345_678.9, 9_007_199_254_740_991, -1, -1234.5, -0.001, 0.0004,
];

describe('formatPrice and formatCount', () => {
  it('read as Intl en-US does', () => {
    for (const n of values) {
      expect(formatPrice(n), String(n)).toBe(usd.format(n));
      expect(formatCount(n), String(n)).toBe(count.format(n));
    }
    // Doubles of every magnitude up to 10^9, from a fixed sequence (a linear congruential one).
    let seed = 17;
    for (let i = 0; i < 20_000; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      const n = (seed / 2_147_483_648) * 10 ** (i % 10) * (i % 7 === 0 ? -1 : 1);
      expect(formatPrice(n), String(n)).toBe(usd.format(n));
      expect(formatCount(n), String(n)).toBe(count.format(n));
    }
    for (let cents = 0; cents < 200_000; cents += 7) {
      expect(formatPrice(cents / 100)).toBe(usd.format(cents / 100));
      expect(formatCount(cents / 1000)).toBe(count.format(cents / 1000));
    }
  });

  it('writes pieces with a non-breaking space', () => {
    expect(formatPieces(45000)).toBe('45,000\u00a0pcs');
  });
});

describe('formatDate', () => {
  it('reads as Intl en-US does', () => {
    const day = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    });
    for (const iso of ['2026-01-01T00:00:00Z', '2026-09-30T12:00:00Z', '2026-11-25T23:59:00Z'])
      expect(formatDate(iso)).toBe(day.format(new Date(iso)));
  });

  it('writes a date in full as of UTC', () => {
    const long = new Intl.DateTimeFormat('en-US', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    for (let month = 0; month < 12; month++) {
      const iso = new Date(Date.UTC(2026, month, 1 + month * 2, 23, 30)).toISOString();
      expect(formatLongDate(iso)).toBe(long.format(new Date(iso)));
      expect(formatDate(iso)).toBe(
        new Intl.DateTimeFormat('en-US', {
          month: 'short',
          day: 'numeric',
          year: 'numeric',
        }).format(new Date(iso)),
      );
    }
  });
});
