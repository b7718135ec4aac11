/** What an invoice says (invoice-repository.ts reads it, invoice-pdf.ts draws it). */

export interface InvoiceDocument {
  /** What the paper is called: "Invoice" (the default) or, issue 37, "Credit note". */
  title?: string;
  /** e.g. "2026-000042" */
  number: string;
  /** More facts under the heading ("Invoice: 2026-000042" on a credit note). */
  references?: string[];
  /** The payment date. */
  issuedAt: Date;
  seller: { name: string; address: string; taxId: string; email: string };
  /** Who ordered, and where to (the order's address is where the parts ship). */
  buyer: {
    name: string;
    email: string;
    address: string;
    phone: string;
    /** A company order is billed to the company: its legal name, tax number and address. */
    company?: InvoiceCompany | null;
  };
  orderId: string;
  poNumber: string | null;
  note: string | null;
  lines: {
    sku: string;
    name: string;
    quantity: number;
    unitPriceCents: number;
    lineTotalCents: number;
    /** Issue 35: the buyer's company's own number for the part, as the order line kept it. */
    /** Issue 35: the list price where the buyer paid less; struck through beside the price. */
    listPriceCents?: number | null;
    customerPartNumber?: string | null;
  }[];
  totalCents: number;
  /**
   * Issue 33: subtotal, freight and tax per rate (total = subtotal + freight + taxes), and what
   * the invoice says of the tax ("Reverse charge: ..."). Null on orders placed before it.
   */
  amounts?: InvoiceAmounts | null;
  transactionId: string | null;
  paidAt: Date;
  /** Issue 19: an invoice on account (net terms) is paid after it is issued; null for a card. */
  account?: InvoiceAccount | null;
}

export interface InvoiceAmounts {
  subtotalCents: number;
  freightCents: number;
  /** The shipping method's name ("Ground"), when one was chosen. */
  freightName: string | null;
  taxes: { name: string; rate: number; amountCents: number }[];
  taxNote: string | null;
}

export interface InvoiceAccount {
  termsDays: number;
  /** `YYYY-MM-DD` (UTC). */
  dueOn: string;
  paidCents: number;
  settledAt: Date | null;
}

/** The seller block, from the INVOICE_SELLER_* settings (server/src/config.ts). */
export function invoiceSellerFromConfig(config: {
  INVOICE_SELLER_NAME: string;
  INVOICE_SELLER_ADDRESS: string;
  INVOICE_SELLER_TAX_ID: string;
  INVOICE_SELLER_EMAIL: string;
  SHOP_VAT_NUMBER?: string | undefined;
  SHOP_SALES_TAX_IDS?: string;
}): InvoiceDocument['seller'] {
  // Issue 33: the shop's registrations (an EU VAT number, US sales-tax permits) beside its tax id.
  const taxIds = [
    config.INVOICE_SELLER_TAX_ID,
    config.SHOP_VAT_NUMBER ? `VAT ${config.SHOP_VAT_NUMBER}` : '',
    config.SHOP_SALES_TAX_IDS ? `Sales tax ${config.SHOP_SALES_TAX_IDS}` : '',
  ];
  return {
    name: config.INVOICE_SELLER_NAME,
    address: config.INVOICE_SELLER_ADDRESS,
    taxId: taxIds.filter((id) => id?.trim()).join(' · '),
    email: config.INVOICE_SELLER_EMAIL,
  };
}

export interface InvoiceCompany {
  name: string;
  taxId: string;
  billingAddress: string;
}
