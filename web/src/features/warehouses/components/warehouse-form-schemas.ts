import { countryName } from '@proper-parts/domain/addresses';
import { z } from 'zod';

/** The admin's warehouse and stock forms: text fields as typed, checked before any call. */

const pieces = (least: number, message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .refine((n) => n >= least, message);
const sku = z.string().trim().min(1, 'Give the part’s SKU');
const warehouseId = z.string().regex(/^\d+$/, 'Choose a warehouse').transform(Number);

/** "all", or country codes separated by commas or spaces. */
export const zoneOf = (text: string) =>
  text.trim().toLowerCase() === 'all' ? ('all' as const) : text.split(/[\s,]+/).filter(Boolean);

export const warehouseForm = z.object({
  name: z.string().trim().min(1, 'Give the warehouse a name').max(80),
  publicName: z.string().trim().min(1, 'Give the name buyers read').max(80),
  line1: z.string().trim().max(200),
  city: z.string().trim().max(100),
  postalCode: z.string().trim().max(20),
  country: z
    .string()
    .trim()
    .refine(
      (code) => countryName(code.toUpperCase()) !== undefined,
      'Give an ISO country code, like GB or NL',
    ),
  shipsTo: z
    .string()
    .transform(zoneOf)
    .refine(
      (zone) =>
        zone === 'all' ||
        (zone.length > 0 && zone.every((code) => countryName(code.toUpperCase()) !== undefined)),
      'Write all, or ISO country codes: GB, IE',
    ),
});
export const emptyWarehouse: z.input<typeof warehouseForm> = {
  name: '',
  publicName: '',
  line1: '',
  city: '',
  postalCode: '',
  country: '',
  shipsTo: 'all',
};

export const adjustStockForm = z.object({
  sku,
  warehouse: warehouseId,
  quantity: pieces(0, 'Give a whole number of pieces, 0 or more'),
  reason: z.string().trim().min(1, 'Say why the stock changes').max(500),
});

export const transferStockForm = z
  .object({
    sku,
    quantity: pieces(1, 'Give a whole number of pieces, 1 or more'),
    from: warehouseId,
    to: warehouseId,
  })
  .refine(({ from, to }) => from !== to, { path: ['to'], message: 'Choose another warehouse' });
