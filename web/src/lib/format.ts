import { formatCount, formatPieces, formatPrice } from '@proper-parts/domain/format';

export { formatCount, formatPieces, formatPrice };

/** A unit price: `$30 per pc`. */
export const formatUnitPrice = (dollars: number) => `${formatPrice(dollars)} per pc`;

// Dates written out rather than with Intl.DateTimeFormat, as amounts are (domain/src/format.ts):
// a page's first Intl formatter is a long task.
const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** An order's date as lists show it, in the reader's time zone: `Nov 25, 2026`. */
export function formatDate(iso: string) {
  const date = new Date(iso);
  return `${months[date.getMonth()]?.slice(0, 3)} ${date.getDate()}, ${date.getFullYear()}`;
}

/** A moment as lists show it, in the reader's time zone: `Nov 25, 2026, 14:05`. */
export function formatDateTime(iso: string) {
  const date = new Date(iso);
  const time = `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
  return `${formatDate(iso)}, ${time}`;
}

/** A due day (`2026-12-25`, UTC) as lists show it: `Dec 25, 2026`. */
export function formatDay(day: string) {
  return formatLongDate(`${day}T00:00:00Z`).replace(/^(\w{3})\w*/, '$1');
}

/** A date in full, as of UTC: `November 25, 2026`. */
export function formatLongDate(iso: string) {
  const date = new Date(iso);
  return `${months[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** A long id cut for a narrow screen: `sbx_pi_1a2b…9f0e` (the whole id stays in the page). */
export const shortId = (id: string, head = 10, tail = 4) =>
  id.length <= head + tail + 1 ? id : `${id.slice(0, head)}…${id.slice(-tail)}`;
