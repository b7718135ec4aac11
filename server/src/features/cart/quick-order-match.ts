import { companyCatalogMessages } from '@proper-parts/domain/company-catalogs';
import type { QuickOrderLine, QuickOrderResult } from '@proper-parts/domain/quick-order';
import { quickOrderMessages } from '@proper-parts/domain/quick-order-messages';
import type { ParsedLine } from '@proper-parts/domain/quick-order-parse';
import type { Database } from '../../db/client.ts';
import { partNumberKey } from '../catalog/catalog-search.ts';
import { priceSourceOf } from './cart-repository.ts';
import {
  findProducts,
  type Match,
  MIN_SUGGESTED_KEY_LENGTH,
  priceProducts,
  suggestProducts,
} from './quick-order-lookup.ts';
import { replacementsFor, supersededLine } from './quick-order-superseded.ts';

/** How many distinct unknown part numbers get "did you mean" suggestions; the rest get none. */
export const MAX_SUGGESTED_PART_NUMBERS = 100;

/** The least total of a product that is at least its minimum and `total`, in whole packs. */
const wholePacks = (product: Match, total: number) =>
  Math.ceil(Math.max(total, product.minimum) / product.pack) * product.pack;

/** A product's minimum, maximum per order, pack and stock against the quantity asked for it in all. */
function judge(product: Match, total: number): Pick<QuickOrderLine, 'status' | 'message'> {
  // Issue 35, decision 039: found, but not for this company's members to order.
  if (!product.inCatalog)
    return { status: 'not_in_catalog', message: companyCatalogMessages.quickOrderLine };
  if (product.max !== null && total > product.max)
    return {
      status: 'above_maximum',
      message: quickOrderMessages.aboveMaximum(product.max, product.unit),
    };
  if (total > product.available || product.available < product.minimum)
    return { status: 'above_stock', message: quickOrderMessages.aboveStock(product.available) };
  if (total < product.minimum)
    return { status: 'below_minimum', message: quickOrderMessages.belowMinimum(product.minimum) };
  if (total % product.pack !== 0)
    return {
      status: 'not_pack',
      message: quickOrderMessages.notPack(product.pack, wholePacks(product, total), product.unit),
    };
  return { status: 'ok', message: null };
}

/**
 * Each parsed line with its product, status and price, in the order given, in at most three
 * statements whatever the number of lines (quick-order-lookup.ts).
 *
 * - A line without a quantity asks for the product's minimum order quantity.
 * - A product named on several lines (even by different numbers: its SKU on one, its MPN on
 *   another) is judged once, on the lines' total, as the cart will hold it: each of those lines
 *   gets the total's status and the tier price of the total, keeps its own quantity, and says on
 *   which other lines the product is.
 * - A line read whole as a part number that names nothing, but whose words before the last do
 *   (`brg6204 abc`), has a quantity that is not a number: it says so, with the part it found.
 * - Suggestions are looked up for the first MAX_SUGGESTED_PART_NUMBERS distinct unknown numbers.
 * - `total` sums the ready lines, in cents: what adding them puts in the cart.
 */
export async function matchQuickOrder(
  db: Database,
  parsed: ParsedLine[],
  /** The buyer's company (issue 35): its own part numbers are matched too. */
  companyId: string | null = null,
  /** The buyer (issue 35): priced at their company's contract prices where lower. */
  buyerId: string | null = null,
): Promise<QuickOrderResult> {
  const keyOf = new Map<ParsedLine, string>();
  const shorterKeyOf = new Map<ParsedLine, string>();
  for (const line of parsed)
    if (line.partNumber !== null && line.problem === null) {
      keyOf.set(line, partNumberKey(line.partNumber));
      if (line.withoutLastWord) shorterKeyOf.set(line, partNumberKey(line.withoutLastWord));
    }
  const found = await findProducts(
    db,
    [...new Set([...keyOf.values(), ...shorterKeyOf.values()])],
    companyId,
  );
  /** The product a line asks for with a quantity: its whole number's. */
  const productOf = (line: ParsedLine) => found.get(keyOf.get(line) ?? '');
  /** A line whose last word, not a number, stands where its quantity should. */
  const badQuantityOf = (line: ParsedLine) =>
    productOf(line) ? undefined : found.get(shorterKeyOf.get(line) ?? '');

  const unknown = parsed.flatMap((line) => {
    const key = keyOf.get(line);
    return key !== undefined && !productOf(line) && !badQuantityOf(line) ? [key] : [];
  });
  const suggested = await suggestProducts(
    db,
    [...new Set(unknown)]
      .filter((key) => key.length >= MIN_SUGGESTED_KEY_LENGTH)
      .slice(0, MAX_SUGGESTED_PART_NUMBERS),
  );

  // Issue 36: a replaced part's line offers its replacement; it is judged on its own.
  const replacements = await replacementsFor(db, [...found.values()], companyId);
  const replacedTotals = new Map<string, number>();

  // Each product's lines and total, judged and priced once.
  const byProduct = new Map<string, { lines: number[]; total: number }>();
  const quantityOf = (line: ParsedLine, product: Match) => line.quantity ?? product.minimum;
  for (const line of parsed) {
    const product = productOf(line);
    if (!product) continue;
    const replacement = replacements.get(product.id);
    if (replacement) {
      const asked = quantityOf(line, replacement);
      replacedTotals.set(replacement.id, (replacedTotals.get(replacement.id) ?? 0) + asked);
      continue;
    }
    const entry = byProduct.get(product.id) ?? { lines: [], total: 0 };
    entry.lines.push(line.line);
    entry.total += quantityOf(line, product);
    byProduct.set(product.id, entry);
  }
  const prices = await priceProducts(
    db,
    new Map([
      ...replacedTotals,
      ...[...byProduct].map(([id, { total }]): [string, number] => [id, total]),
    ]),
    buyerId,
  );

  const unitCents = new Map([...prices].map(([id, price]) => [id, price.unit]));
  /** Issue 35: the list price beside the buyer's, and where the buyer's came from. */
  const listed = (id: string) => {
    const price = prices.get(id);
    return price
      ? {
          listPrice: price.list / 100,
          priceSource: priceSourceOf(price.unit, price.tier, price.list),
        }
      : {};
  };
  let totalCents = 0;
  const lines = parsed.map((line): QuickOrderLine => {
    const none = {
      line: line.line,
      input: line.input,
      productId: null,
      sku: null,
      name: null,
      customerPartNumber: null,
      quantity: line.quantity,
      suggestions: [],
      minimumOrderQuantity: null,
      availableQuantity: null,
      packSize: null,
      salesUnit: null,
      maxOrderQuantity: null,
      roundedQuantity: null,
      unitPrice: null,
      lineTotal: null,
      replaces: null,
      listPrice: null,
      priceSource: null,
    };
    const key = keyOf.get(line);
    if (key === undefined)
      return {
        ...none,
        status: 'invalid',
        message: line.problem ?? quickOrderMessages.partMissing,
      };
    const product = productOf(line);
    const part = product ?? badQuantityOf(line);
    const facts = part && {
      productId: part.id,
      sku: part.sku,
      name: part.name,
      customerPartNumber: part.customerPartNumber,
      minimumOrderQuantity: part.minimum,
      availableQuantity: part.available,
      packSize: part.pack,
      salesUnit: part.unit,
      maxOrderQuantity: part.max,
    };
    if (!product)
      return facts
        ? { ...none, ...facts, status: 'invalid', message: quickOrderMessages.quantityNotNumber }
        : {
            ...none,
            status: 'not_found',
            message: quickOrderMessages.notFound,
            suggestions: suggested.get(key) ?? [],
          };
    const replacement = replacements.get(product.id);
    if (replacement)
      return supersededLine(
        { ...none, ...listed(replacement.id), status: 'superseded', message: null },
        product,
        replacement,
        line.quantity,
        unitCents.get(replacement.id) ?? 0,
      );
    const { lines: named, total } = byProduct.get(product.id) ?? { lines: [line.line], total: 0 };
    const { status, message } = judge(product, total);
    const others = named.filter((other) => other !== line.line);
    const also = others.length === 0 ? null : quickOrderMessages.alsoOn(others, total);
    const quantity = quantityOf(line, product);
    // What this line would ask so that the product's lines make its minimum in whole packs.
    const roundedQuantity =
      status === 'below_minimum' || status === 'not_pack'
        ? quantity + wholePacks(product, total) - total
        : null;
    const unit = unitCents.get(product.id) ?? 0;
    if (status === 'ok') totalCents += unit * quantity;
    return {
      ...none,
      ...facts,
      status,
      message: message && also ? `${message}. ${also}` : (message ?? also),
      quantity,
      roundedQuantity,
      ...listed(product.id),
      unitPrice: unit / 100,
      lineTotal: (unit * quantity) / 100,
    };
  });
  return { lines, total: totalCents / 100 };
}
