import { describe, expect, it } from 'vitest';
import { memoryTrend } from '../../bench/lib/memory-trend.mjs';

/** The soak's memory rule (bench/soak.mjs): issue 15 found it crying "GROWING" on a flat run. */
describe('memoryTrend', () => {
  // RSS that saws between 150 and 175 MB as the heap fills and is collected.
  const saw = (n: number, base = 150) => Array.from({ length: n }, (_, i) => base + ((i * 7) % 26));

  it('a flat run whose samples saw up and down reads flat, however the saw lands', () => {
    for (let shift = 0; shift < 26; shift++) {
      const rss = saw(60 + shift).slice(shift);
      expect(memoryTrend(rss).flat).toBe(true);
    }
  });

  it('a run that ends on the high side of its saw reads flat (the median rule said GROWING)', () => {
    const rss = [
      ...saw(45),
      174,
      175,
      173,
      175,
      174,
      172,
      175,
      174,
      175,
      173,
      151,
      175,
      174,
      175,
      152,
    ];
    const thirds = Math.floor(rss.length / 3);
    const median = (list: number[]) =>
      [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
    // What the old rule compared: the last third's median against the middle third's.
    expect(median(rss.slice(2 * thirds))).toBeGreaterThan(median(rss.slice(thirds, 2 * thirds)));
    expect(memoryTrend(rss).flat).toBe(true);
  });

  it('a leak that lifts the low points quarter after quarter reads growing', () => {
    const leaking = saw(80).map((mb, i) => mb + i * 1.5);
    const trend = memoryTrend(leaking);
    expect(trend.flat).toBe(false);
    expect(trend.lows[3]).toBeGreaterThan((trend.lows[1] ?? 0) * 1.15);
  });

  it('a small rise within the tolerance reads flat', () => {
    const rss = saw(80).map((mb, i) => mb + i * 0.1);
    expect(memoryTrend(rss).flat).toBe(true);
  });
});
