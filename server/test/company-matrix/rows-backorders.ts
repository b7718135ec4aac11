import { multipartBody } from '../image-fixtures.ts';
import { type CompanyRow, shopAdminOnly } from './row.ts';

/**
 * Issue 36: purchase orders of incoming stock are the shop's: a company's own admin, buyer or
 * approver may not import them (the file is a header only: the shop admin adds none).
 */
export const backorderRows: CompanyRow[] = [
  {
    method: 'POST',
    path: '/api/v1/admin/purchase-orders/import',
    form: async () =>
      multipartBody([
        {
          name: 'file',
          filename: 'incoming.csv',
          contentType: 'text/csv',
          content: 'sku,quantity,expected_on\n',
        },
      ]),
    expect: shopAdminOnly,
    why: "a company's own admin runs no purchase orders of the shop's stock",
  },
  {
    method: 'POST',
    path: '/api/v1/admin/purchase-orders/00000000-0000-4000-8000-000000000000/receive',
    body: { warehouse: 'Main' },
    // No such purchase order: the shop admin passes the check and finds none.
    expect: { ...shopAdminOnly, shopAdmin: 404 },
    why: "a company's own admin receives no goods into the shop's warehouses",
  },
];
