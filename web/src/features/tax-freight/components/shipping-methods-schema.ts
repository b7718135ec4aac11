import {
  MAX_WEIGHT_GRAMS,
  type ShippingMethodsRequest,
  type ShippingMethodView,
  shippingMethodsRequest,
} from '@proper-parts/domain/shipping';
import { z } from 'zod';

/**
 * Issue 33: the shipping methods as the admin's form holds them: every field the text typed,
 * weights in kg and amounts in dollars, lists of countries and regions as one line each. The
 * form's schema turns them into `shippingMethodsRequest`'s input (weights in whole grams, empty
 * optional amounts as null) and lets the domain's schema judge them, each of its messages put
 * back under the field it is about.
 */
const text = z.string();
const bandForm = z.object({ upToKg: text, price: text });
const zoneForm = z.object({ countries: text, regions: text, bands: z.array(bandForm) });
const methodForm = z.object({
  code: text,
  name: text,
  kind: text,
  estimate: text,
  freeOver: text,
  quoteAboveKg: text,
  zones: z.array(zoneForm),
});

export type BandForm = z.infer<typeof bandForm>;
export type ZoneForm = z.infer<typeof zoneForm>;
export type MethodForm = z.infer<typeof methodForm>;
export type ShippingMethodsForm = { methods: MethodForm[] };

export const emptyBand = (): BandForm => ({ upToKg: '', price: '' });
export const emptyZone = (): ZoneForm => ({ countries: '', regions: '', bands: [emptyBand()] });
export const emptyMethod = (): MethodForm => ({
  code: '',
  name: '',
  kind: 'rates',
  estimate: '',
  freeOver: '',
  quoteAboveKg: '',
  zones: [emptyZone()],
});

const kgText = (grams: number | null) => (grams === null ? '' : String(grams / 1000));
const amountText = (dollars: number | null) =>
  dollars === null ? '' : Number.isInteger(dollars) ? String(dollars) : dollars.toFixed(2);

/** The form's values for the methods as the server lists them. */
export const toShippingMethodsForm = (methods: ShippingMethodView[]): ShippingMethodsForm => ({
  methods: methods.map((method) => ({
    code: method.code,
    name: method.name,
    kind: method.kind,
    estimate: method.estimate,
    freeOver: amountText(method.freeOver),
    quoteAboveKg: kgText(method.quoteAboveGrams),
    zones: method.zones.map((zone) => ({
      countries: zone.countries.join(', '),
      regions: zone.regions.join(', '),
      bands: zone.bands.map((band) => ({
        upToKg: kgText(band.upToGrams),
        price: amountText(band.price),
      })),
    })),
  })),
});

const MAX_KG = MAX_WEIGHT_GRAMS / 1000;
const kgMessages = {
  notKg: 'Must be a weight in kg, e.g. 12.5',
  negative: 'Must not be negative',
  decimals: 'At most 3 decimals (whole grams)',
  tooHeavy: `At most ${MAX_KG.toLocaleString('en-US')} kg`,
} as const;

/** Whole grams from a weight typed in kg, or the reason it is not one. */
export function gramsOf(kg: string): number | { problem: string } {
  const typed = kg.trim();
  if (/^-\d*\.?\d+$/.test(typed)) return { problem: kgMessages.negative };
  if (!/^\d*\.?\d+$/.test(typed)) return { problem: kgMessages.notKg };
  const grams = Number(typed) * 1000;
  if (Math.abs(grams - Math.round(grams)) > 1e-6) return { problem: kgMessages.decimals };
  if (grams > MAX_WEIGHT_GRAMS) return { problem: kgMessages.tooHeavy };
  return Math.round(grams);
}

/** A typed amount as a number: empty as `empty`, anything but a plain number as NaN. */
const amountOf = <E>(typed: string, empty: E) =>
  typed.trim() === '' ? empty : /^-?\d*\.?\d+$/.test(typed.trim()) ? Number(typed) : Number.NaN;
const listOf = (typed: string, separator: RegExp) =>
  typed
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);

/** The request's fields in grams, and the form's in kg that hold them. */
const kgFields: Record<string, string | undefined> = {
  upToGrams: 'upToKg',
  quoteAboveGrams: 'quoteAboveKg',
};

type Issue = { path: (string | number)[]; message: string };

/**
 * The request's input for the form's values, and the problems of its weights (typed in kg,
 * checked here: the domain knows grams). A pickup is collected at the shop: it keeps no zones,
 * threshold or weight limit.
 */
export function toShippingMethodsInput(form: ShippingMethodsForm) {
  const issues: Issue[] = [];
  const weight = (typed: string, path: Issue['path'], optional: boolean) => {
    if (optional && typed.trim() === '') return null;
    const grams = gramsOf(typed);
    if (typeof grams === 'number') return grams;
    issues.push({ path, message: grams.problem });
    return Number.NaN;
  };
  const methods = form.methods.map((method, m) => {
    const pickup = method.kind === 'pickup';
    return {
      code: method.code,
      name: method.name,
      kind: method.kind,
      estimate: method.estimate,
      freeOver: pickup ? null : amountOf(method.freeOver, null),
      quoteAboveGrams: pickup
        ? null
        : weight(method.quoteAboveKg, ['methods', m, 'quoteAboveKg'], true),
      zones: pickup
        ? []
        : method.zones.map((zone, z) => ({
            countries: listOf(zone.countries, /[\s,;]+/),
            regions: listOf(zone.regions, /[,;]+/),
            bands: zone.bands.map((band, b) => ({
              upToGrams: weight(
                band.upToKg,
                ['methods', m, 'zones', z, 'bands', b, 'upToKg'],
                false,
              ),
              price: amountOf(band.price, undefined),
            })),
          })),
    };
  });
  return { input: { methods }, issues };
}

/**
 * Where a domain issue shows in the form: grams fields are the kg ones, and a bad entry of a
 * list (`countries.2`) is the list's one field, the entry named in its message.
 */
function formIssue(path: PropertyKey[], message: string, input: unknown): Issue {
  const at = path.map((key) => (typeof key === 'symbol' ? String(key) : key));
  const list = at.findIndex((key) => key === 'countries' || key === 'regions');
  if (list >= 0 && typeof at[list + 1] === 'number') {
    const entry = at
      .slice(0, list + 2)
      .reduce<unknown>(
        (value, key) => (value as Record<string | number, unknown> | undefined)?.[key],
        input,
      );
    return { path: at.slice(0, list + 1), message: `${message} (${String(entry)})` };
  }
  const renamed = kgFields[String(at.at(-1))];
  return { path: renamed ? [...at.slice(0, -1), renamed] : at, message };
}

/** The form's schema: its values in, the domain's `shippingMethodsRequest` output out. */
export const shippingMethodsForm = z
  .object({ methods: z.array(methodForm) })
  .transform((form, context): ShippingMethodsRequest => {
    const { input, issues } = toShippingMethodsInput(form);
    const parsed = shippingMethodsRequest.safeParse(input);
    const taken = new Set(issues.map((issue) => issue.path.join('.')));
    for (const issue of parsed.error?.issues ?? []) {
      const mapped = formIssue(issue.path, issue.message, input);
      if (!taken.has(mapped.path.join('.'))) issues.push(mapped);
      taken.add(mapped.path.join('.'));
    }
    for (const issue of issues) context.addIssue({ code: 'custom', ...issue });
    return parsed.success && issues.length === 0 ? parsed.data : z.NEVER;
  });
