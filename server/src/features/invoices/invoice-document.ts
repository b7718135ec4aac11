/** What an invoice says (invoice-repository.ts reads it, invoice-pdf.ts draws it). */

export interface InvoiceDocument {
  /** e.g. "2026-000042" */
  number: string;
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
  }[];
  totalCents: number;
  transactionId: string | null;
  paidAt: Date;
  /** Issue 19: an invoice on account (net terms) is paid after it is issued; null for a card. */
  account?: InvoiceAccount | null;
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
}): InvoiceDocument['seller'] {
  return {
    name: config.INVOICE_SELLER_NAME,
    address: config.INVOICE_SELLER_ADDRESS,
    taxId: config.INVOICE_SELLER_TAX_ID,
    email: config.INVOICE_SELLER_EMAIL,
  };
}

export interface InvoiceCompany {
  name: string;
  taxId: string;
  billingAddress: string;
}
