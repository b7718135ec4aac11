import { formatCount, formatPieces, formatPrice } from '@proper-parts/domain/format';

export { formatCount, formatPieces, formatPrice };

/** A unit price: `$30 per pc`. */
export const formatUnitPrice = (dollars: number) => `${formatPrice(dollars)} per pc`;

const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** An order's date as lists show it: `Nov 25, 2026`. */
export const formatDate = (iso: string) => day.format(new Date(iso));

/** A long id cut for a narrow screen: `sbx_pi_1a2b…9f0e` (the whole id stays in the page). */
export const shortId = (id: string, head = 10, tail = 4) =>
  id.length <= head + tail + 1 ? id : `${id.slice(0, head)}…${id.slice(-tail)}`;
