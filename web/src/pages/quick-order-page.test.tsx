import type { QuickOrderLine } from '@proper-parts/domain/quick-order';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, setSession, stubApi } from '../../test/auth-stubs';
import { corolla } from '../../test/fitment-fixtures';
import { customer, signInAs } from '../../test/signed-in';
import { jsonResponse, renderWithProviders } from '../../test/test-utils';
import { ToasterHost } from '../components/toaster';
import { QuickOrderPage, quickOrderPageMessages } from './quick-order-page';

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

const QUICK_ORDER = 'POST /api/v1/cart/quick-order';

const line = (
  overrides: Partial<QuickOrderLine> & Pick<QuickOrderLine, 'line' | 'input'>,
): QuickOrderLine => {
  const made: QuickOrderLine = {
    status: 'ok' as const,
    productId: `p-${overrides.line}`,
    sku: `SKU-${overrides.line}`,
    name: `Part ${overrides.line}`,
    customerPartNumber: null,
    quantity: 10,
    message: null,
    suggestions: [],
    minimumOrderQuantity: 1,
    availableQuantity: 500,
    packSize: 1,
    salesUnit: 'each',
    maxOrderQuantity: null,
    roundedQuantity: null,
    unitPrice: 2.5,
    lineTotal: null,
    replaces: null,
    listPrice: null,
    priceSource: null,
    ...overrides,
  };
  // $2.50 a piece unless said otherwise; no price for a line that matched nothing.
  const priced = made.productId !== null && made.unitPrice !== null && made.quantity !== null;
  return {
    ...made,
    unitPrice: made.productId === null ? null : made.unitPrice,
    lineTotal:
      overrides.lineTotal ?? (priced ? (made.unitPrice ?? 0) * (made.quantity ?? 0) : null),
  };
};

const ok = (n: number, input: string, quantity: number) =>
  line({ line: n, input, sku: input.split(/[\s,]/)[0] ?? '', quantity });
const notFound = line({
  line: 2,
  input: 'GEAR-M2-4OT,5',
  status: 'not_found',
  productId: null,
  sku: null,
  name: null,
  quantity: 5,
  message: 'No part with this number',
  suggestions: [{ productId: 'g', sku: 'GEAR-M2-40T', name: 'Spur gear M2 40T' }],
  minimumOrderQuantity: null,
  availableQuantity: null,
});
const belowMinimum = line({
  line: 3,
  input: 'VALVE-DN25 2',
  status: 'below_minimum',
  sku: 'VALVE-DN25',
  name: 'Ball valve DN25',
  quantity: 2,
  message: 'Minimum 5',
  minimumOrderQuantity: 5,
});
const aboveStock = line({
  line: 4,
  input: 'PUMP-7 900',
  status: 'above_stock',
  sku: 'PUMP-7',
  name: 'Pump 7',
  quantity: 900,
  message: 'Only 40 left',
  minimumOrderQuantity: 10,
  availableQuantity: 40,
});

/** The server's answer: each sent line looked up in `byInput`, and the cart's message on add. */
function answerWith(byInput: Record<string, QuickOrderLine>) {
  return ({ body }: { body: unknown }) => {
    const { text, add } = body as { text: string; add: boolean };
    const lines = text
      .split('\n')
      .map((input, i) => ({ ...(byInput[input] ?? ok(i + 1, input, 1)), line: i + 1, input }));
    const ready = lines.filter((each) => each.status === 'ok').length;
    const total = lines.reduce(
      (sum, each) => sum + (each.status === 'ok' ? (each.lineTotal ?? 0) : 0),
      0,
    );
    return jsonResponse({
      success: true,
      data: { lines, total },
      ...(add ? { message: `${ready} parts added to your cart` } : {}),
    });
  };
}

const field = () => screen.getByLabelText('Part numbers and quantities');

async function check(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.click(field());
  await user.paste(text);
  await user.click(screen.getByRole('button', { name: 'Check lines' }));
}

describe('QuickOrderPage', () => {
  it('shows each line with its status in words, the match and the summary', async () => {
    const user = userEvent.setup();
    const text = ['BRG-6204 10', 'GEAR-M2-4OT,5', 'VALVE-DN25 2', 'PUMP-7 900'].join('\n');
    stubApi({
      [QUICK_ORDER]: answerWith({
        'BRG-6204 10': ok(1, 'BRG-6204 10', 10),
        'GEAR-M2-4OT,5': notFound,
        'VALVE-DN25 2': belowMinimum,
        'PUMP-7 900': aboveStock,
      }),
    });
    renderWithProviders(<QuickOrderPage />);
    expect(document.title).toBe('Quick order | Proper Parts');

    await check(user, text);

    expect(await screen.findByRole('status')).toHaveTextContent('1 of 4 lines ready');
    const rows = screen.getAllByTestId('quick-order-line');
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Ready',
      'Not found',
      'Below minimum',
      'Not enough stock',
    ]);
    expect(rows[0]).toHaveTextContent('BRG-6204');
    expect(rows[2]).toHaveTextContent('Ball valve DN25');
    expect(rows[2]).toHaveTextContent('Minimum 5');
    expect(within(rows[3] as HTMLElement).getByRole('button', { name: 'Order 40' })).toBeVisible();
    expect(callsTo(vi.mocked(fetch), QUICK_ORDER)).toEqual([{ text, add: false }]);
  });

  it('prices each line (unit price, line total) and totals the ready lines before the cart', async () => {
    const user = userEvent.setup();
    stubApi({
      [QUICK_ORDER]: answerWith({
        'BRG-6204 100': line({
          line: 1,
          input: 'BRG-6204 100',
          sku: 'BRG-6204',
          quantity: 100,
          unitPrice: 1.85,
        }),
        'GEAR-M2-4OT,5': notFound,
        'SEAL-40 12': line({ line: 3, input: 'SEAL-40 12', quantity: 12, unitPrice: 0.35 }),
        'PUMP-7 900': aboveStock,
      }),
    });
    renderWithProviders(<QuickOrderPage />);
    await check(user, 'BRG-6204 100\nGEAR-M2-4OT,5\nSEAL-40 12\nPUMP-7 900');

    expect(await screen.findByRole('status')).toHaveTextContent('2 of 4 lines ready');
    const prices = screen.getAllByTestId('quick-order-line').map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(-3, -1)
        .map((cell) => cell.textContent),
    );
    expect(prices).toEqual([
      ['$1.85 per pc', '$185'],
      ['—', '—'],
      ['$0.35 per pc', '$4.20'],
      ['$2.50 per pc', '$2,250'],
    ]);
    // The stock-short line is priced but not counted: only what "Add" puts in the cart is.
    expect(screen.getByTestId('quick-order-total')).toHaveTextContent('$189.20');
    expect(screen.getByText('Total of the 2 ready lines')).toBeInTheDocument();
  });

  it("shows a company buyer's contract price with the list price struck through, and a part outside the catalog (issue 35)", async () => {
    const user = userEvent.setup();
    const contract = line({
      line: 1,
      input: 'BRG-6204 10',
      sku: 'BRG-6204',
      unitPrice: 7.77,
      listPrice: 10,
      priceSource: 'contract',
    });
    const tier = line({
      line: 2,
      input: 'SEAL-9 10',
      unitPrice: 2.5,
      listPrice: 3,
      priceSource: 'tier',
    });
    const outside = line({
      line: 3,
      input: 'PUMP-7 1',
      status: 'not_in_catalog',
      message: "Not in your company's catalog",
    });
    stubApi({
      [QUICK_ORDER]: answerWith({
        'BRG-6204 10': contract,
        'SEAL-9 10': tier,
        'PUMP-7 1': outside,
      }),
    });
    renderWithProviders(<QuickOrderPage />);
    await check(user, 'BRG-6204 10\nSEAL-9 10\nPUMP-7 1');
    const rows = await screen.findAllByTestId('quick-order-line');
    const struck = within(rows[0] as HTMLElement).getByTestId('quick-order-list-price');
    expect(struck.tagName).toBe('S');
    expect(struck).toHaveTextContent('$10');
    expect(rows[0]).toHaveTextContent('$7.77');
    // A tier price is the public one: nothing struck.
    expect(within(rows[1] as HTMLElement).queryByTestId('quick-order-list-price')).toBeNull();
    expect(within(rows[2] as HTMLElement).getAllByRole('cell')[1]).toHaveTextContent(
      'Not in your catalog',
    );
    expect(rows[2]).toHaveTextContent("Not in your company's catalog");
  });

  it('"Use {sku}" writes the suggested part number into the text and checks again', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      [QUICK_ORDER]: answerWith({ 'GEAR-M2-4OT,5': notFound }),
    });
    renderWithProviders(<QuickOrderPage />);

    await check(user, 'BRG-6204 10\nGEAR-M2-4OT,5\nVALVE-DN25 2');
    await user.click(await screen.findByRole('button', { name: 'Use GEAR-M2-40T' }));

    expect(field()).toHaveValue('BRG-6204 10\nGEAR-M2-40T,5\nVALVE-DN25 2');
    expect(await screen.findByText('3 of 3 lines ready')).toBeInTheDocument();
    expect(callsTo(fetchMock, QUICK_ORDER).at(-1)).toEqual({
      text: 'BRG-6204 10\nGEAR-M2-40T,5\nVALVE-DN25 2',
      add: false,
    });
  });

  it('"Round up to {min}" writes the minimum as the line\'s quantity', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      [QUICK_ORDER]: answerWith({ 'VALVE-DN25 2': { ...belowMinimum, line: 1 } }),
    });
    renderWithProviders(<QuickOrderPage />);

    await check(user, 'VALVE-DN25 2');
    await user.click(await screen.findByRole('button', { name: 'Round up to 5' }));

    expect(field()).toHaveValue('VALVE-DN25 5');
    expect(await screen.findByText('1 of 1 line ready')).toBeInTheDocument();
    expect(callsTo(fetchMock, QUICK_ORDER)).toHaveLength(2);
  });

  it('"Round up to {n}" on a line that is not whole packs writes the server\'s rounded quantity', async () => {
    const user = userEvent.setup();
    const notPack = line({
      line: 1,
      input: 'BOX-10 15',
      status: 'not_pack',
      quantity: 15,
      packSize: 10,
      roundedQuantity: 20,
      message: 'Sold in packs of 10: 20 makes whole packs',
    });
    const fetchMock = stubApi({ [QUICK_ORDER]: answerWith({ 'BOX-10 15': notPack }) });
    renderWithProviders(<QuickOrderPage />);

    await check(user, 'BOX-10 15');
    expect(await screen.findByText('Not whole packs')).toBeInTheDocument();
    expect(screen.getByText('Sold in packs of 10: 20 makes whole packs')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Round up to 20' }));

    expect(field()).toHaveValue('BOX-10 20');
    expect(callsTo(fetchMock, QUICK_ORDER).at(-1)).toEqual({ text: 'BOX-10 20', add: false });
  });

  it("adds the valid lines to the cart, toasts the server's message and offers the cart", async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      [QUICK_ORDER]: answerWith({ 'GEAR-M2-4OT,5': notFound }),
    });
    renderWithProviders(
      <>
        <ToasterHost />
        <QuickOrderPage />
      </>,
    );

    await check(user, 'BRG-6204 10\nGEAR-M2-4OT,5');
    expect(await screen.findByText('1 of 2 lines ready')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add all valid lines to the cart' }));

    expect(await screen.findByText('1 parts added to your cart')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to cart' })).toHaveAttribute('href', '/cart');
    expect(callsTo(fetchMock, QUICK_ORDER).at(-1)).toEqual({
      text: 'BRG-6204 10\nGEAR-M2-4OT,5',
      add: true,
    });
    // Added once: another press would add the same parts again.
    expect(screen.getByRole('button', { name: 'Add all valid lines to the cart' })).toBeDisabled();
  });

  it('says in red under the field that an empty text has nothing to check, and sends nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi();
    renderWithProviders(<QuickOrderPage />);

    await user.click(screen.getByRole('button', { name: 'Check lines' }));

    const error = screen.getByText(quickOrderPageMessages.empty);
    expect(error).toHaveClass('text-error');
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field()).toHaveAccessibleDescription(
      expect.stringContaining(quickOrderPageMessages.empty),
    );
    expect(callsTo(fetchMock, QUICK_ORDER)).toHaveLength(0);
  });

  it("shows the server's 400 message under the field", async () => {
    const user = userEvent.setup();
    const message =
      'A quick order takes at most 10,000 lines: split the list and send the rest after.';
    stubApi({ [QUICK_ORDER]: () => jsonResponse({ success: false, message }, 400) });
    renderWithProviders(<QuickOrderPage />);

    await check(user, 'BRG-6204 10');

    expect(await screen.findByText(message)).toHaveClass('text-error');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('reads a chosen CSV file into the field and checks it; a file too large is refused', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ [QUICK_ORDER]: answerWith({}) });
    renderWithProviders(<QuickOrderPage />);
    const input = screen.getByLabelText('Or upload a CSV file');

    await user.upload(
      input,
      new File(['\uFEFFsku,qty\nBRG-6204,10'], 'parts.csv', { type: 'text/csv' }),
    );

    expect(await screen.findAllByTestId('quick-order-line')).not.toHaveLength(0);
    expect(field()).toHaveValue('sku,qty\nBRG-6204,10');
    expect(callsTo(fetchMock, QUICK_ORDER)).toEqual([{ text: 'sku,qty\nBRG-6204,10', add: false }]);

    const big = new File(['x'], 'big.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 3 * 1024 * 1024 });
    await user.upload(input, big);
    expect(screen.getByText(quickOrderPageMessages.fileTooLarge)).toHaveClass('text-error');
    expect(callsTo(fetchMock, QUICK_ORDER)).toHaveLength(1);
  });

  it('checks the lines against my current vehicle and warns on a part that does not fit it', async () => {
    const user = userEvent.setup();
    const text = ['PADS-F 2', 'PADS-R 2', 'BRG-6204 10'].join('\n');
    const fetchMock = stubApi({
      ...signInAs(customer),
      'GET /api/v1/garage': () =>
        jsonResponse({ success: true, data: { vehicles: [{ ...corolla, current: true }] } }),
      [QUICK_ORDER]: answerWith({
        'PADS-F 2': { ...ok(1, 'PADS-F 2', 2), fits: true },
        'PADS-R 2': { ...ok(2, 'PADS-R 2', 2), fits: false },
        // A bearing has no fitment data: nothing to say.
        'BRG-6204 10': { ...ok(3, 'BRG-6204 10', 10), fits: null },
      }),
    });
    renderWithProviders(<QuickOrderPage />);
    // The garage answers before the check is sent.
    await screen.findByRole('button', { name: 'Check lines' });
    await new Promise((resolve) => setTimeout(resolve, 50));

    await check(user, text);

    expect(await screen.findByRole('status')).toHaveTextContent(
      '3 of 3 lines ready · 1 does not fit your 2015 Toyota Corolla 1.8L L4',
    );
    expect(callsTo(fetchMock, QUICK_ORDER)).toEqual([{ text, add: false, vehicle: 7 }]);
    const rows = screen.getAllByTestId('quick-order-line');
    expect(rows[1]).toHaveTextContent('Does not fit your 2015 Toyota Corolla 1.8L L4');
    expect(rows[0]).not.toHaveTextContent('Does not fit');
    expect(rows[2]).not.toHaveTextContent('Does not fit');

    // A warning, not a refusal: the line goes into the cart with the others.
    await user.click(screen.getByRole('button', { name: 'Add all valid lines to the cart' }));
    expect(await screen.findByRole('link', { name: 'Go to cart' })).toBeVisible();
    expect(callsTo(fetchMock, QUICK_ORDER).at(-1)).toEqual({ text, add: true, vehicle: 7 });
  });
});
