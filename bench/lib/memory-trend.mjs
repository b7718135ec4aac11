/**
 * Is a process's memory flat over a soak? From RSS samples taken at a steady pace.
 *
 * The lowest RSS of each quarter, not medians of thirds: RSS saws up and down with garbage
 * collection, and a median caught a 5-minute run on the high side of its saw ("GROWING" while
 * the same load over 10 minutes was flat). The low points are where the heap settles after a
 * collection; a leak lifts them. The first quarter is warm-up (caches filling, JIT).
 * Growing: the low points rise quarter after quarter, and the last is more than `tolerance`
 * above the second.
 */
export function memoryTrend(rss, tolerance = 0.15) {
  const quarter = Math.floor(rss.length / 4);
  if (quarter < 1) return { lows: [], flat: true };
  const lows = [0, 1, 2, 3].map((q) =>
    Math.min(...rss.slice(q * quarter, q === 3 ? rss.length : (q + 1) * quarter)),
  );
  const [, second, third, last] = lows;
  const rising = second < third && third < last;
  return { lows, flat: !(rising && last > second * (1 + tolerance)) };
}
