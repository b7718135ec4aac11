import { describe, expect, it } from 'vitest';
import { readPdf } from '../../../test/pdf-text.ts';
import type { InvoiceDocument } from './invoice-document.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { formatCents, toWinAnsi } from './invoice-text.ts';

function invoiceOf(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    number: '2026-000042',
    issuedAt: new Date('2026-03-14T10:00:00Z'),
    seller: {
      name: 'Proper Parts',
      address: '1 Workshop Lane\nSpringfield',
      taxId: 'EIN 12-3456789',
      email: 'billing@properparts.local',
    },
    buyer: {
      name: 'Acme Machining LLC',
      email: 'buyer@acme.example',
      address: '42 Lathe Road, Detroit, MI',
      phone: '+1 313 555 0100',
    },
    orderId: '6650f0c2a1b2c3d4e5f60718',
    poNumber: 'PO-7781',
    note: 'Deliver to dock 3',
    lines: [
      {
        sku: 'BRG-6204-2RS',
        name: 'Deep groove ball bearing 6204-2RS',
        quantity: 1200,
        unitPriceCents: 349,
        lineTotalCents: 418_800,
      },
      {
        sku: 'BLT-M8X40',
        name: 'Hex bolt M8 x 40, zinc',
        quantity: 3,
        unitPriceCents: 10,
        lineTotalCents: 30,
      },
    ],
    totalCents: 418_830,
    transactionId: 'pi_3PqLx2Example',
    paidAt: new Date('2026-03-14T10:00:00Z'),
    ...overrides,
  };
}

describe('formatCents', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [30, '$0.30'],
    [418_830, '$4,188.30'],
    [123_456_789_01, '$123,456,789.01'],
    [-1999, '-$19.99'],
  ])('writes %i cents as %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it('refuses cents that are not whole', () => {
    expect(() => formatCents(0.1 + 0.2)).toThrow(RangeError);
  });
});

describe('toWinAnsi', () => {
  it('keeps Latin-1 and typographic characters, flattens lines, replaces the rest', () => {
    expect(toWinAnsi('Müller – “Café” €5 · ½')).toBe('Müller – “Café” €5 · ½');
    expect(toWinAnsi('Łódź\nWarsaw\t\u0000x')).toBe('Lódz Warsaw x');
    expect(toWinAnsi('Bolt 🔩 ❤️ 螺栓')).toBe('Bolt ? ? ??');
    expect(toWinAnsi('ｆｕｌｌ ﬁt')).toBe('full fit');
  });
});

describe('renderInvoicePdf', () => {
  it('is a PDF with the number, PO number, lines, total and payment', async () => {
    const pdf = await renderInvoicePdf(invoiceOf());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const pages = await readPdf(pdf);
    expect(pages).toHaveLength(1);
    const text = pages[0]!;
    for (const expected of [
      'Invoice 2026-000042',
      'PO number: PO-7781',
      'Order: 6650f0c2a1b2c3d4e5f60718',
      'BRG-6204-2RS',
      'Deep groove ball bearing 6204-2RS',
      '1,200',
      '$3.49',
      '$4,188.00',
      '$0.10',
      '$0.30',
      '$4,188.30',
      'Acme Machining LLC',
      '42 Lathe Road, Detroit, MI',
      '1 Workshop Lane, Springfield',
      'Tax ID: EIN 12-3456789',
      'Taxes and shipping: quoted separately',
      'Paid March 14, 2026 · transaction pi_3PqLx2Example',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('wraps a long SKU over lines and never cuts it (a buyer matches it against a PO)', async () => {
    const skus = [
      'NUT-NM24-A2-M24X3-DIN934-ZINC',
      'BRG-6204-2RS-C3-SKF-EXPLORER-SERIES',
      'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
    ];
    const lines = skus.map((sku, i) => ({
      sku,
      name: `Part ${i + 1}`,
      quantity: 1,
      unitPriceCents: 100,
      lineTotalCents: 100,
    }));
    const [text] = await readPdf(await renderInvoicePdf(invoiceOf({ lines, totalCents: 300 })));
    expect(text).not.toContain('…');
    // A reader gives each printed line apart: joined, the whole SKU is there.
    const joined = text!.replace(/\n/g, '');
    for (const sku of skus) expect(joined).toContain(sku);
    // Each took more than one line: no SKU is printed whole on one.
    for (const sku of skus) expect(text!.split('\n')).not.toContain(sku);
  });

  it('bills a company order to the company: its legal name, tax number and address', async () => {
    const [text] = await readPdf(
      await renderInvoicePdf(
        invoiceOf({
          buyer: {
            name: 'Bob Buyer',
            email: 'bob@acme.example',
            address: 'Plant 2, 400 Industrial Pkwy, Joliet IL',
            phone: '+1 815 555 0190',
            company: {
              name: 'Acme Machining LLC',
              taxId: 'US 38-1234567',
              billingAddress: '42 Lathe Road\nDetroit, MI',
            },
          },
        }),
      ),
    );
    const billTo = text!.slice(text!.indexOf('BILL TO'));
    for (const expected of [
      'Acme Machining LLC',
      'Tax ID: US 38-1234567',
      '42 Lathe Road, Detroit, MI',
      'Attn: Bob Buyer',
      'bob@acme.example',
      'Ship to: Plant 2, 400 Industrial Pkwy, Joliet IL',
    ])
      expect(billTo).toContain(expected);
  });

  it('writes a dash for a missing PO number and transaction', async () => {
    const [text] = await readPdf(
      await renderInvoicePdf(invoiceOf({ poNumber: null, transactionId: null, note: null })),
    );
    expect(text).toContain('PO number: —');
    expect(text).toContain('transaction —');
  });

  it('runs 300 lines over several pages, the header on each, every SKU present', async () => {
    const lines = Array.from({ length: 300 }, (_, i) => ({
      sku: `SKU-${String(i + 1).padStart(4, '0')}`,
      name: `Part number ${i + 1}`,
      quantity: i + 1,
      unitPriceCents: 1999,
      lineTotalCents: 1999 * (i + 1),
    }));
    const totalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
    const pages = await readPdf(await renderInvoicePdf(invoiceOf({ lines, totalCents })));

    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages.slice(0, -1)) expect(page).toContain('Unit price');
    const all = pages.join('\n');
    for (const line of lines) expect(all).toContain(line.sku);
    expect(all).toContain(formatCents(totalCents));
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
  });

  it('draws text outside WinAnsi and hostile text without throwing', async () => {
    const long = 'Wrench'.repeat(2000);
    const pdf = await renderInvoicePdf(
      invoiceOf({
        number: '2026-000043',
        poNumber: 'PO 注文 🚀\n</script>',
        note: '😀'.repeat(500),
        buyer: {
          name: `${'X'.repeat(5000)}</script><script>alert(1)</script>`,
          email: 'a@b.example\r\nBcc: c@d.example',
          address: 'Straße 1\n\n\n東京都\n'.repeat(50),
          phone: '\u202e0100 555\u0000',
        },
        lines: [
          { sku: 'LONG', name: long, quantity: 1, unitPriceCents: 1, lineTotalCents: 1 },
          {
            sku: 'Ω-CJK-螺栓-🔩',
            name: 'line one\nline two\ttab',
            quantity: 2,
            unitPriceCents: 50,
            lineTotalCents: 100,
          },
          {
            sku: 'HUGE',
            name: 'An amount too wide for its column',
            quantity: 123_456_789,
            unitPriceCents: 72_963,
            lineTotalCents: 9_007_199_254_740_991,
          },
        ],
        totalCents: 101,
      }),
    );
    const pages = await readPdf(pdf);
    expect(pages).toHaveLength(1);
    const text = pages[0]!;
    expect(text).toContain('Invoice 2026-000043');
    expect(text).toContain('PO number: PO ?? ? </script>');
    expect(text).toContain('?-CJK-??-?');
    expect(text).toContain('line one line two tab');
    expect(text).toContain('$1.01');
    // Amounts shrink to fit their column; they are never cut.
    expect(text).toContain('123,456,789');
    expect(text).toContain('$90,071,992,547,409.91');
  });

  it('on account: the terms, the due date, what was paid and what is still due', async () => {
    const [text] = await readPdf(
      await renderInvoicePdf(
        invoiceOf({
          transactionId: null,
          account: { termsDays: 30, dueOn: '2026-04-13', paidCents: 100_000, settledAt: null },
        }),
      ),
    );
    for (const expected of [
      'Invoice 2026-000042',
      'PO number: PO-7781',
      'Terms: Net 30',
      'Due date: 2026-04-13',
      '$4,188.30',
      'Amount paid: $1,000.00',
      'Still due: $3,188.30 by 2026-04-13',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('transaction');
  });

  it('on account and settled: paid in full, on the day it was', async () => {
    const [text] = await readPdf(
      await renderInvoicePdf(
        invoiceOf({
          account: {
            termsDays: 60,
            dueOn: '2026-05-13',
            paidCents: 418_830,
            settledAt: new Date('2026-04-30T15:00:00Z'),
          },
        }),
      ),
    );
    expect(text).toContain('Terms: Net 60');
    expect(text).toContain('Due date: 2026-05-13');
    expect(text).toContain('Amount paid: $4,188.30');
    expect(text).toContain('Paid in full April 30, 2026');
    expect(text).not.toContain('Still due');
  });

  it('a card invoice shows no terms and no due date', async () => {
    const [text] = await readPdf(await renderInvoicePdf(invoiceOf({ account: null })));
    expect(text).not.toContain('Terms:');
    expect(text).not.toContain('Due date');
    expect(text).toContain('Paid March 14, 2026');
  });
});
