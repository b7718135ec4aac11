import type { SalesInterval } from '@proper-parts/domain/sales';
import { formatCount, formatPrice } from '../../../lib/format';

/** An axis's money: `$950`, `$12.5k`, `$3.2M`. */
export function shortMoney(dollars: number) {
  const abs = Math.abs(dollars);
  const sign = dollars < 0 ? '-' : '';
  if (abs >= 1e6) return `${sign}$${formatCount(Math.round(abs / 1e5) / 10)}M`;
  if (abs >= 1e4) return `${sign}$${formatCount(Math.round(abs / 100) / 10)}k`;
  return formatPrice(Math.round(dollars));
}

const months = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
/** A bucket as the axis names it: `Mar 9` (a day, or the Monday of a week), `Mar 2026`. */
export function bucketLabel(start: string, interval: SalesInterval) {
  const [year, month = 1, day = 1] = start.split('-').map(Number);
  const name = months[month - 1];
  return interval === 'month' ? `${name} ${year}` : `${name} ${day}`;
}

/** An axis's count: ticks fall on whole numbers (`integer`), bars on exact ones. */
export const wholeCount = (n: number) => formatCount(Math.round(n));

export const intervalWords: Record<SalesInterval, string> = {
  day: 'day',
  week: 'week',
  month: 'month',
};
